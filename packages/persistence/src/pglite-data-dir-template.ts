import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdir, rename, rm, rmdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { extract } from 'tar'

const ASSETS = fileURLToPath(new URL('../assets/', import.meta.url))

/** The template made by the PGlite release `version`'s initdb (see scripts/make-pglite-template.ts). */
export function pgliteTemplatePath(version: string): string {
  return join(ASSETS, `pglite-${version}-data-dir.tar.gz`)
}

/** The version of the PGlite that this package loads, which a host's overrides may have changed. */
export function installedPgliteVersion(): string {
  // The package's exports hide package.json; its CommonJS entry is in dist/, beside it.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const manifest: unknown = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8'))
  if (typeof manifest !== 'object' || manifest === null || !('version' in manifest) || typeof manifest.version !== 'string') {
    throw new Error(`no version in the package.json of @electric-sql/pglite beside ${entry}`)
  }
  return manifest.version
}

/** The template for the installed PGlite, if this package ships one. */
function installedTemplate(): string | undefined {
  const template = pgliteTemplatePath(installedPgliteVersion())
  return existsSync(template) ? template : undefined
}

/*
 * Why a template: PGlite's initdb runs in a second PostgreSQL instance that copies its whole
 * 128 MiB WebAssembly memory before each of its runs. A first start peaked near 540 MiB above
 * the process and kept about 300 MiB of it until a full collection. Every database made from the
 * template shares its system identifier, which only replication and WAL archiving (neither in
 * PGlite) read. With no template for the PGlite installed, PGlite runs its initdb, as before.
 */

/**
 * Makes the database in `dataDir` from the template when there is none yet: streamed from the
 * tarball to the disk (PGlite's own `loadDataDir` unpacks it in memory, which kept about 100 MiB
 * more resident), into a sibling directory renamed into place once complete, so that a start
 * interrupted halfway leaves no half a database. Leaves alone a directory that holds anything.
 */
export async function unpackPgliteTemplate(dataDir: string): Promise<void> {
  const template = installedTemplate()
  const target = resolve(dataDir)
  if (template === undefined || (existsSync(target) && readdirSync(target).length > 0)) return
  const staging = `${target}.unpacking`
  await rm(staging, { recursive: true, force: true })
  await mkdir(staging, { recursive: true, mode: 0o700 })
  // node-tar streams each file to the disk, and strips the leading `/` of PGlite's entry names
  // (as it would any path leading out of the directory).
  await extract({ file: template, cwd: staging })
  if (existsSync(target)) await rmdir(target)
  await rename(staging, target)
}

/**
 * For an in-memory database, which has no directory to unpack into: the template for PGlite to
 * load (`loadDataDir`), or nothing when none matches the PGlite installed.
 */
export function pgliteInMemoryTemplateOptions(): { loadDataDir?: Blob } {
  const template = installedTemplate()
  return template === undefined ? {} : { loadDataDir: new Blob([readFileSync(template)]) }
}
