// Usage: node packages/persistence/scripts/make-pglite-template.ts
// Runs the installed PGlite's initdb once, in memory, and writes the data directory it made as
// assets/pglite-<version>-data-dir.tar.gz, from which the store makes every new embedded
// database (src/pglite-data-dir-template.ts). Run it after upgrading @electric-sql/pglite and
// delete the previous version's file; the store's tests fail until then.
import { PGlite } from '@electric-sql/pglite'
import { writeFileSync } from 'node:fs'
import { installedPgliteVersion, pgliteTemplatePath } from '../src/pglite-data-dir-template.ts'

const pglite = await PGlite.create()
const tarball = await pglite.dumpDataDir('gzip')
await pglite.close()
const path = pgliteTemplatePath(installedPgliteVersion())
writeFileSync(path, Buffer.from(await tarball.arrayBuffer()))
console.log(`wrote ${path} (${tarball.size} bytes)`)
