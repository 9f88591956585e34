import type { Dir } from 'node:fs'
import { opendir, open, rm, stat, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import type { ByteStream, StoredBlob } from '@cairn/core'
import { ContentMeter } from '../content-meter.ts'
import { isAbsent, onDisk, translateError } from './translate-error.ts'

export interface TemporaryWrite {
  /** The key the file is written for, named in errors. */
  readonly key: string
  readonly maxBytes?: number | undefined
}

/**
 * Streams `content` into a new file at `path`, counting and hashing it, and flushes it to disk:
 * the caller renames a file whose data is already durable, so a crash cannot leave the key
 * pointing at missing data. Failures of the disk are translated; a failure of `content` (or
 * `invalid` past `maxBytes`) is raised unchanged. The caller removes the file when this fails.
 */
export async function writeTemporaryFile(path: string, content: ByteStream, write: TemporaryWrite): Promise<StoredBlob> {
  const file = await onDisk(write.key, () => open(path, 'wx', 0o600))
  try {
    const meter = new ContentMeter(write.maxBytes)
    for await (const chunk of meter.pass(content)) await onDisk(write.key, () => writeAll(file, chunk))
    await onDisk(write.key, () => file.sync())
    return meter.measured()
  } finally {
    await file.close()
  }
}

async function writeAll(file: FileHandle, chunk: Uint8Array): Promise<void> {
  // write(2) may take less than it is given; the rest goes in the next call.
  for (let offset = 0; offset < chunk.byteLength;) {
    const { bytesWritten } = await file.write(chunk, offset)
    offset += bytesWritten
  }
}

/**
 * Removes the files in `folder` untouched for `olderThanMs`: those of writes that a crash (or a
 * killed process) stopped between writing and renaming. A write in progress keeps its file's
 * modification time fresh, so a sweep never takes a file from under it. Returns how many went.
 */
export async function sweepFolder(folder: string, olderThanMs: number): Promise<number> {
  const cutoff = Date.now() - olderThanMs
  let entries: Dir
  try {
    entries = await opendir(folder)
  } catch (error) {
    // No folder yet: nothing was ever written.
    if (isAbsent(error)) return 0
    throw translateError(error, folder)
  }
  let removed = 0
  for await (const entry of entries) if (await removeIfOlder(join(folder, entry.name), cutoff)) removed += 1
  return removed
}

async function removeIfOlder(path: string, cutoff: number): Promise<boolean> {
  try {
    if ((await stat(path)).mtimeMs >= cutoff) return false
    await rm(path, { force: true, recursive: true })
    return true
  } catch (error) {
    // Gone meanwhile: its write finished and renamed it into place.
    if (isAbsent(error)) return false
    throw translateError(error, path)
  }
}
