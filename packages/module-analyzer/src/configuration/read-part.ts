import { CairnError, type ModulePart } from '@cairn/core'
import type { Dirent } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { isConfigurationFile, isReadme } from '../archive/module-layout.ts'
import { declarationsOf, type Declarations } from './declarations.ts'
import type { HclParser } from './hcl-parser-pool.ts'
import { parseConfiguration } from './parse-configuration.ts'

/**
 * Describes one part of an extracted module: `path` is `''` for the root, else `modules/<name>`
 * or `examples/<name>` below `root`. A part whose directory holds no configuration is `empty`.
 * Raises `invalid` on `configuration` for the first file (in name order) that does not parse, and
 * for a part that declares more than `maxDeclarationsPerPart` inputs, outputs or resources.
 */
export async function readPart(root: string, path: string, hcl: HclParser, limits: PartLimits): Promise<ModulePart> {
  const directory = join(root, path)
  const files = (await listFiles(directory)).sort()
  const declarations: Declarations[] = []
  for (const name of files.filter(isConfigurationFile)) {
    const relative = path === '' ? name : `${path}/${name}`
    const text = await readFile(join(directory, name), 'utf8')
    declarations.push(declarationsOf(await parseConfiguration(hcl, relative, text)))
  }
  const merged = merge(declarations)
  requireWithin(path, merged, limits.maxDeclarationsPerPart)
  const readme = files.find(isReadme)
  return {
    path,
    name: path.split('/').at(-1) ?? '',
    readme: readme === undefined ? null : await readFile(join(directory, readme), 'utf8'),
    empty: declarations.length === 0,
    ...merged,
  }
}

/** How much one part may declare; the metadata is stored and served whole. */
export interface PartLimits {
  readonly maxDeclarationsPerPart: number
}

function requireWithin(path: string, declared: Pick<ModulePart, 'inputs' | 'outputs' | 'resources'>, limit: number): void {
  for (const kind of ['inputs', 'outputs', 'resources'] as const) {
    if (declared[kind].length <= limit) continue
    const part = path === '' ? 'the root module' : `\`${path}\``
    throw CairnError.invalidField(
      'configuration',
      `${part} declares ${declared[kind].length} ${kind}, more than the ${limit} a part may have`,
    )
  }
}

/** The regular files of a directory; none when the archive created no file in it. */
async function listFiles(directory: string): Promise<string[]> {
  let entries: Dirent[]
  try {
    entries = await readdir(directory, { withFileTypes: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name)
}

const byName = (a: { name: string }, b: { name: string }): number => compare(a.name, b.name)

/** Each list in a stable order, whatever file each declaration came from. */
function merge(all: readonly Declarations[]): Omit<ModulePart, 'path' | 'name' | 'readme' | 'empty'> {
  return {
    inputs: all.flatMap((d) => d.inputs).sort(byName),
    outputs: all.flatMap((d) => d.outputs).sort(byName),
    resources: all.flatMap((d) => d.resources).sort((a, b) => compare(a.type, b.type) || compare(a.name, b.name)),
    providerRequirements: all.flatMap((d) => d.providerRequirements).sort(byName),
    moduleCalls: all.flatMap((d) => d.moduleCalls).sort(byName),
  }
}

/** Code-unit order: the same on every machine, unlike `localeCompare`. */
export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
