import type { Dir } from 'node:fs'
import { opendir } from 'node:fs/promises'
import { join } from 'node:path'
import { isBlobKey } from '../blob-key.ts'
import { isAbsent, translateError } from './translate-error.ts'

/**
 * The keys of the files under `root` that begin with `prefix` (a checked prefix). Entries that
 * no key could name (`.tmp`, anything put there by hand) and links are passed over, so the walk
 * never leaves the root and never yields a key the store would refuse.
 */
export async function* listKeys(root: string, prefix: string): AsyncIterable<string> {
  // Start in the deepest folder the prefix names whole: no other folder can hold a match.
  yield* walk(root, prefix.slice(0, prefix.lastIndexOf('/') + 1), prefix)
}

async function* walk(root: string, folder: string, prefix: string): AsyncIterable<string> {
  let entries: Dir
  try {
    entries = await opendir(join(root, folder))
  } catch (error) {
    if (isAbsent(error)) return
    throw translateError(error, folder)
  }
  for await (const entry of entries) {
    if (!isBlobKey(entry.name)) continue
    const key = folder + entry.name
    if (entry.isDirectory() && `${key}/`.startsWith(prefix)) yield* walk(root, `${key}/`, prefix)
    else if (entry.isFile() && key.startsWith(prefix)) yield key
  }
}
