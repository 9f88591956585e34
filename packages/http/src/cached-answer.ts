import type { StoreCache } from '@cairn/core'

/** A read's answer as `cachedRead` keeps it. */
export interface CachedAnswer {
  /** Encoded once, when kept: a server writes bytes to its sockets, and each hit writes these as they are. */
  readonly body: Uint8Array<ArrayBuffer>
  readonly contentType: string
}

/**
 * The answers `cachedRead` keeps, by the app, who asked and what: over the host's `answerCache`,
 * cleared by every write the use cases' `storeWrites` hears, like every cache of store data.
 */
export type AnswerCache = StoreCache<CachedAnswer>
