import { readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { TEMP_DIRECTORY_PREFIX } from './tar-module-analyzer.ts'

/**
 * Removes analysis directories that a process killed mid-analysis left behind: those under
 * `tempRoot` with the analyser's prefix, untouched for longer than `olderThanMs` (no analysis
 * runs that long). Returns how many it removed.
 */
export async function sweepTemporaryDirectories(options: { tempRoot?: string; olderThanMs?: number } = {}): Promise<number> {
  const root = options.tempRoot ?? tmpdir()
  const cutoff = Date.now() - (options.olderThanMs ?? 60 * 60 * 1000)
  let removed = 0
  for (const name of await readdir(root)) {
    if (!name.startsWith(TEMP_DIRECTORY_PREFIX)) continue
    const path = join(root, name)
    const info = await stat(path).catch(() => undefined)
    if (info === undefined || !info.isDirectory() || info.mtimeMs > cutoff) continue
    await rm(path, { recursive: true, force: true })
    removed += 1
  }
  return removed
}
