import type { ModuleMetadata } from '@cairn/core'
import type { HclParser } from './hcl-parser-pool.ts'
import { compare, readPart, type PartLimits } from './read-part.ts'

/**
 * Describes an extracted module: its root, and each of `parts` (`modules/<name>` and
 * `examples/<name>` directories, as the archive listed them) in path order.
 */
export async function readModule(root: string, parts: Iterable<string>, hcl: HclParser, limits: PartLimits): Promise<ModuleMetadata> {
  const ordered = [...parts].sort(compare)
  const read = async (prefix: string) => {
    const described = []
    // One at a time: errors come in path order, and one upload takes one parser thread at most.
    for (const path of ordered.filter((part) => part.startsWith(prefix))) {
      described.push(await readPart(root, path, hcl, limits))
    }
    return described
  }
  return { root: await readPart(root, '', hcl, limits), submodules: await read('modules/'), examples: await read('examples/') }
}
