import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

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

/**
 * How PGlite should make a new database: from the data directory its initdb produced, shipped as
 * a tarball, rather than by running initdb. PGlite's initdb runs in a second PostgreSQL instance
 * that copies its whole 128 MiB WebAssembly memory before each of its runs: a first start peaked
 * near 540 MiB above the process and kept about 300 MiB of it until a full collection, where
 * unpacking the template peaks near 170 MiB. Every database made from it shares the template's
 * system identifier, which only replication and WAL archiving (neither in PGlite) read.
 *
 * Nothing when `dataDir` already holds a database (PGlite refuses a tarball then), or when no
 * template matches the PGlite installed: PGlite then runs its initdb, as before.
 */
export function pgliteTemplateOptions(dataDir: string | undefined): { loadDataDir?: Blob } {
  if (dataDir !== undefined && existsSync(join(dataDir, 'PG_VERSION'))) return {}
  const template = pgliteTemplatePath(installedPgliteVersion())
  if (!existsSync(template)) return {}
  return { loadDataDir: new Blob([readFileSync(template)]) }
}
