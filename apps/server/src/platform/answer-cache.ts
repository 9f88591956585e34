import type { ReadAnswer } from '@cairn/core'
import { LruExpiringCache } from './lru-expiring-cache.ts'

/**
 * What the rendered answers of the HTTP API's cached reads may hold: 32 MiB, counted as UTF-16
 * (twice a string's length, the most V8 spends on it). A page of 20 registry modules renders to
 * about 20 KB, a tool version page or an organization less, so this holds the pages that a few
 * hundred principals read within the 5 s an entry lives — and no more than a seventh of what an
 * idle server already holds — however many tokens ask for however many pages.
 */
export const ANSWER_CACHE_BYTES = 32 * 1024 * 1024

/** The cache behind `answers` (see `cachedRead` in @cairn/http): bounded by bytes as well as entries. */
export function answerCache(onLookup: (hit: boolean) => void): LruExpiringCache<ReadAnswer> {
  return new LruExpiringCache<ReadAnswer>({
    onLookup,
    bytes: { maxBytes: ANSWER_CACHE_BYTES, sizeOf: (answer, key) => 2 * (answer.body.length + key.length) },
  })
}
