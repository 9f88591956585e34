import type { ReadAnswer } from '@cairn/core'
import { LruExpiringCache } from './lru-expiring-cache.ts'

/**
 * What the rendered answers of the HTTP API's cached reads may hold: 32 MiB, counted as UTF-16
 * (twice a string's length, the most V8 spends on it; JSON:API text is mostly one byte a
 * character, so about half of it is spent). A page of 20 tool versions or registry modules
 * renders to about 13,000 characters (26 KB as counted), an organization to a few hundred, so
 * this holds some 1,200 full pages: every page that hundreds of principals read within the 5 s an
 * entry lives. However many tokens ask for however many pages, the process grows by no more than
 * this (plus the keys and lru-cache's own bookkeeping), a fraction of the 140 MiB an idle server
 * on PostgreSQL holds.
 */
export const ANSWER_CACHE_BYTES = 32 * 1024 * 1024

/** The cache behind `answers` (see `cachedRead` in @cairn/http): bounded by bytes as well as entries. */
export function answerCache(onLookup: (hit: boolean) => void): LruExpiringCache<ReadAnswer> {
  return new LruExpiringCache<ReadAnswer>({
    onLookup,
    bytes: { maxBytes: ANSWER_CACHE_BYTES, sizeOf: (answer, key) => 2 * (answer.body.length + key.length) },
  })
}
