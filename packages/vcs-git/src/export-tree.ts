import { CairnError, type ByteStream } from '@cairn/core'
import { ExportMeter, type ExportLimits } from './export-limits.ts'
import { gzipped } from './gzip-stream.ts'
import { ObjectReader } from './object-reader.ts'
import { END_OF_ARCHIVE, entryTime, headerOf, paddingOf } from './tar-blocks.ts'
import { walkTree } from './tree-walk.ts'

/** A tree to export, and what bounds the export. */
export interface TreeExport {
  /** The bare repository holding the tree. */
  readonly gitdir: string
  readonly tree: string
  /** The commit's time, in seconds: every entry's, so that an archive does not depend on when it was made. */
  readonly committed: number
  readonly limits: ExportLimits
  readonly signal?: AbortSignal | undefined
}

/**
 * The tree as a gzip tarball with the tree at its root, written straight from the git objects as
 * the stream is read: nothing is written to disk, so no name or link in the tree can make the
 * export write anywhere. One blob is read at a time, only when the reader wants more. Refuses
 * (`invalid` on `archive`) what `walkTree` refuses and a tree past `limits`, stopping there; fails
 * with `unavailable` once `signal` is aborted.
 */
export async function* exportTree(exported: TreeExport): ByteStream {
  const meter = new ExportMeter(exported.limits)
  for await (const chunk of gzipped(tarOf(exported, meter), exported.signal, stopped)) {
    meter.compressed(chunk.byteLength)
    yield chunk
  }
}

/** The error of an export whose signal was aborted. */
export function stopped(): CairnError {
  return new CairnError('unavailable', 'the archive of the tree was stopped before it was finished')
}

async function* tarOf({ gitdir, tree, committed, signal }: TreeExport, meter: ExportMeter): AsyncGenerator<Uint8Array> {
  const mtime = entryTime(committed)
  const objects = new ObjectReader(gitdir)
  const emit = (chunk: Uint8Array) => {
    meter.expanded(chunk.byteLength)
    return chunk
  }
  for await (const item of walkTree((oid) => objects.tree(oid), tree)) {
    if (signal?.aborted === true) throw stopped()
    meter.entry()
    if (item.kind === 'directory') {
      yield emit(headerOf({ path: `${item.path}/`, type: 'Directory', mode: 0o755, size: 0, mtime }))
      continue
    }
    const blob = await objects.blob(item.oid)
    meter.file(item.path, blob.byteLength)
    yield emit(headerOf({ path: item.path, type: 'File', mode: item.executable ? 0o755 : 0o644, size: blob.byteLength, mtime }))
    yield emit(blob)
    yield emit(paddingOf(blob.byteLength))
  }
  yield emit(END_OF_ARCHIVE)
}
