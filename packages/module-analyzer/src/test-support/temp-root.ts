import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach } from 'vitest'

/**
 * A directory of its own for the analyzer's temporary directories, so that a test can tell that
 * nothing was left behind (and that nothing escaped next to it) without racing other tests.
 */
export interface TempRoot {
  readonly path: string
  /** What the directory holds now; empty after every analysis, whatever its outcome. */
  contents(): Promise<string[]>
  dispose(): Promise<void>
}

export async function createTempRoot(): Promise<TempRoot> {
  const path = await mkdtemp(join(tmpdir(), 'cairn-analyzer-test-'))
  return {
    path,
    contents: () => readdir(path),
    dispose: () => rm(path, { recursive: true, force: true }),
  }
}

/** A fresh temporary root for each test of the calling suite; call it at the suite's top level. */
export function useTempRoot(): () => TempRoot {
  let current: TempRoot | undefined
  beforeEach(async () => {
    current = await createTempRoot()
  })
  afterEach(async () => {
    await current?.dispose()
  })
  return () => {
    if (current === undefined) throw new Error('useTempRoot: no test is running')
    return current
  }
}

/** Passes bytes through, counting how many the reader actually pulled. */
export function counted(bytes: AsyncIterable<Uint8Array>): { stream: AsyncIterable<Uint8Array>; read(): number } {
  let total = 0
  return {
    stream: (async function* () {
      for await (const chunk of bytes) {
        total += chunk.length
        yield chunk
      }
    })(),
    read: () => total,
  }
}
