import { getHeapStatistics } from 'node:v8'

/** How often the pacer looks at the external memory's total: a read of V8's own counters, under a microsecond. */
const CHECK_INTERVAL_MS = 20

/** External memory grown past this since the last look that collected starts a young-generation collection. */
const GROWTH_BYTES = 8 * 1024 * 1024

/**
 * Collects the young generation when array buffers pile up. A streamed body (an upload, an
 * archive download, a git pack) allocates a buffer for each chunk, and the chunk's small
 * JavaScript wrapper keeps its memory until the young generation is collected: with V8's default
 * young generation that is about 60 MiB of resident memory per stream, collected only when
 * external-memory pressure starts a full collection. A 1 MiB young generation
 * (`--max-semi-space-size=1`) bounded it as well, but made every read a third dearer in
 * collections; a scavenge when the buffers have grown by 8 MiB costs about a millisecond.
 *
 * V8 counts an array buffer's memory when it is allocated and uncounts it only at its next full
 * collection, so the baseline follows the counter down as well as up.
 *
 * Needs `--expose-gc` (as `pnpm start` runs the server); without it, there is nothing to start.
 */
export function paceBufferGarbage(): { stop(): void } | undefined {
  const collect = globalThis.gc
  if (collect === undefined) return undefined
  const external = () => getHeapStatistics().external_memory
  let baseline = external()
  const timer = setInterval(() => {
    const now = external()
    if (now - baseline < GROWTH_BYTES) {
      baseline = Math.min(baseline, now)
      return
    }
    collect({ type: 'minor' })
    baseline = now
  }, CHECK_INTERVAL_MS)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
