import type { CachedAnswer } from '@cairn/http'
import { LruExpiringCache } from './lru-expiring-cache.ts'

/**
 * What the rendered answers of the HTTP API's cached reads may hold: 32 MiB of answers (their
 * UTF-8 bytes) and keys. A page of 20 tool versions or registry modules is about 13 KB, an
 * organization a few hundred bytes, so this holds some 2,500 full pages: every page that hundreds
 * of principals read within the 5 s an entry lives. However many tokens ask for however many
 * pages, the process grows by no more than this (plus lru-cache's own bookkeeping), a fraction of
 * the 140 MiB an idle server on PostgreSQL holds.
 */
export const ANSWER_CACHE_BYTES = 32 * 1024 * 1024

/**
 * How long an answer lives. Writes clear answers as they clear every cache, but download counts
 * are written by a unit of work that clears none (they change on every `init`), so an answer
 * that shows them may lag by this plus the flush interval.
 */
const ANSWER_TTL_MS = 5_000

/** The cache the HTTP API keeps its answers in (see `cachedRead` in @cairn/http): bounded by the bytes of the answers. */
export function answerCache(onLookup: (hit: boolean) => void): LruExpiringCache<CachedAnswer> {
  return new LruExpiringCache<CachedAnswer>({
    onLookup,
    maxBytes: ANSWER_CACHE_BYTES,
    sizeOf: (answer, key) => answer.body.byteLength + key.length,
    ttlMs: ANSWER_TTL_MS,
  })
}
