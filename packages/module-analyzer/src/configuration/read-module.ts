import type { ModuleMetadata } from '@cairn/core'
import { compare, readPart } from './read-part.ts'

/**
 * Describes an extracted module: its root, and each of `parts` (`modules/<name>` and
 * `examples/<name>` directories, as the archive listed them) in path order.
 */
export async function readModule(root: string, parts: Iterable<string>): Promise<ModuleMetadata> {
  const ordered = [...parts].sort(compare)
  const read = async (prefix: string) => {
    const described = []
    // One at a time: the parser is a single WebAssembly instance, and errors come in path order.
    for (const path of ordered.filter((part) => part.startsWith(prefix))) described.push(await readPart(root, path))
    return described
  }
  return { root: await readPart(root, ''), submodules: await read('modules/'), examples: await read('examples/') }
}
