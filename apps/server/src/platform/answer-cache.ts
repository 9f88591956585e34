import type { CachedAnswer } from '@cairn/http'
import { LruExpiringCache } from './lru-expiring-cache.ts'

/**
 * How long an answer lives. Writes clear answers as they clear every cache, but download counts
 * are written by a unit of work that clears none (they change on every `init`), so an answer
 * that shows them may lag by this plus the flush interval.
 */
const ANSWER_TTL_MS = 5_000

/**
 * The cache the HTTP API keeps its answers in (see `cachedRead` in @cairn/http): bounded by the
 * bytes of the answers (their UTF-8 bytes) and keys, its share of the caches' total
 * (`cacheBudget`). A page of 20 tool versions or registry modules is about 13 KB, an organization
 * a few hundred bytes: 8 MiB hold some 600 full pages, every page a few hundred principals read
 * within the 5 s an entry lives. However many tokens ask for however many pages, the process
 * grows by no more than the bound (plus lru-cache's own bookkeeping).
 */
export function answerCache(maxBytes: number): LruExpiringCache<CachedAnswer> {
  return new LruExpiringCache<CachedAnswer>({
    maxBytes,
    sizeOf: (answer, key) => answer.body.byteLength + key.length,
    ttlMs: ANSWER_TTL_MS,
  })
}
