import type { TarEntry } from '../test-fixtures/src/index.ts'
import { readme, sharedVariables, versions } from './generated-module-common.ts'
import { FILES, KINDS, type Call } from './generated-module-files.ts'

/** How many `.tf` files go where; the defaults make 1,000. */
export interface ModuleShape {
  readonly rootFiles: number
  readonly submodules: number
  readonly filesPerSubmodule: number
  readonly examples: number
  readonly filesPerExample: number
}

export const THOUSAND_FILES: ModuleShape = {
  rootFiles: 40,
  submodules: 24,
  filesPerSubmodule: 30,
  examples: 12,
  filesPerExample: 20,
}

const pad = (n: number): string => String(n).padStart(3, '0')

/**
 * A large module written the way big real ones are: the root, `modules/<name>` and
 * `examples/<name>`, each with a README, a `versions.tf`, a `variables.tf` of shared inputs and
 * then numbered files of variables (every kind of type, defaults, validations, heredoc
 * descriptions, sensitive values), resources (with `count`, `for_each`, dynamic blocks),
 * outputs, data sources and locals. The root calls every submodule; each example calls the root.
 * Deterministic: the same bytes on every run.
 */
export function generatedModule(shape: ModuleShape = THOUSAND_FILES): TarEntry[] {
  const entries: TarEntry[] = []
  const submodules = Array.from({ length: shape.submodules }, (_, i) => `component-${pad(i)}`)
  part(entries, '', shape.rootFiles, { calls: submodules.map((name) => ({ name, source: `./modules/${name}` })) })
  entries.push({ path: 'modules', type: 'directory' })
  for (const name of submodules) part(entries, `modules/${name}/`, shape.filesPerSubmodule, { calls: [] })
  entries.push({ path: 'examples', type: 'directory' })
  for (let i = 0; i < shape.examples; i++) {
    part(entries, `examples/example-${pad(i)}/`, shape.filesPerExample, { calls: [{ name: 'this', source: '../..' }] })
  }
  return entries
}

function part(entries: TarEntry[], prefix: string, files: number, options: { readonly calls: readonly Call[] }): void {
  if (prefix !== '') entries.push({ path: prefix.slice(0, -1), type: 'directory' })
  const title = prefix === '' ? 'root module' : prefix.slice(0, -1)
  entries.push({ path: `${prefix}README.md`, body: readme(title) })
  entries.push({ path: `${prefix}versions.tf`, body: versions() })
  entries.push({ path: `${prefix}variables.tf`, body: sharedVariables() })
  const calls = [...options.calls]
  for (let i = 0; i < files - 2; i++) {
    const kind = KINDS[i % KINDS.length] ?? 'main'
    // Module calls are spread over the `main` files, a few per file.
    const mine = kind === 'main' ? calls.splice(0, 3) : []
    entries.push({ path: `${prefix}${kind}_${pad(i)}.tf`, body: FILES[kind](i, mine) })
  }
  if (calls.length > 0) throw new RangeError(`${prefix || 'the root'} has too few files for its ${options.calls.length} module calls`)
}
