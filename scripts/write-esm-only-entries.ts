/**
 * The packages are ES modules only. Each packed manifest sends `require()` to the `require`
 * target of its `publishConfig.exports`; this writes that file into `dist` after the build: a
 * CommonJS module that throws an error saying what to do, where Node would otherwise report
 * ERR_PACKAGE_PATH_NOT_EXPORTED about a missing "exports" entry. Run after
 * `tsc -b tsconfig.build.json`.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

interface Manifest {
  name: string
  publishConfig?: { exports?: Record<string, { require?: string }> }
}

const root = join(import.meta.dirname, '..')

/** The CommonJS file that `require(name)` loads: an error with the code Node gives a required ES module. */
function esmOnlyEntry(name: string): string {
  const message = `${name} is ESM-only: load it with import('${name}') or an import declaration, not require()`
  return [
    "'use strict'",
    '// Written by scripts/write-esm-only-entries.ts: what require() finds in a package of ES modules only.',
    `const error = new Error(${JSON.stringify(message)})`,
    "error.code = 'ERR_REQUIRE_ESM'",
    'throw error',
    '',
  ].join('\n')
}

for (const parent of ['packages', 'apps']) {
  for (const directory of readdirSync(join(root, parent))) {
    const folder = join(root, parent, directory)
    if (!existsSync(join(folder, 'package.json'))) continue
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as Manifest
    for (const conditions of Object.values(manifest.publishConfig?.exports ?? {})) {
      if (conditions.require !== undefined) writeFileSync(join(folder, conditions.require), esmOnlyEntry(manifest.name))
    }
  }
}
