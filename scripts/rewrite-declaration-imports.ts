/**
 * `tsc` rewrites the `.ts` extensions of relative imports in the JavaScript it emits
 * (`rewriteRelativeImportExtensions`) but keeps them in declaration files, where tools other
 * than a recent `tsc` (API Extractor among them) fail to follow them. This gives declaration
 * files the `.js` specifiers their JavaScript has. Run after `tsc -b tsconfig.build.json`.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const RELATIVE_TS_SPECIFIER = /((?:from\s+|import\s*\(\s*)["'])(\.{1,2}\/[^"']*?)(?<!\.d)\.ts(["'])/g

for (const parent of ['packages', 'apps']) {
  for (const name of readdirSync(join(root, parent))) {
    const dist = join(root, parent, name, 'dist')
    let files: string[]
    try {
      files = readdirSync(dist, { recursive: true }).map(String)
    } catch {
      continue // a package that is not built
    }
    for (const file of files.filter((path) => path.endsWith('.d.ts'))) {
      const path = join(dist, file)
      const text = readFileSync(path, 'utf8')
      const rewritten = text.replace(RELATIVE_TS_SPECIFIER, '$1$2.js$3')
      if (rewritten !== text) writeFileSync(path, rewritten)
    }
  }
}
