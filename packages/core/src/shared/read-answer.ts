import type { StoreCache } from './store-cache.ts'

/**
 * A read's answer as an adapter rendered it (the HTTP API's JSON:API documents), kept until the
 * next write, here or announced by another process, like everything else the store gave (see
 * `StoreCache`): the adapter
 * decides which reads qualify and what the key holds (who asked, and what).
 */
export interface ReadAnswer {
  /** Encoded once, when kept: a server writes bytes to its sockets, and each hit writes these as they are. */
  readonly body: Uint8Array<ArrayBuffer>
  readonly contentType: string
}

/** Rendered answers by the adapter's key, cleared by every write of this process or announced by another. */
export type CachedAnswers = StoreCache<ReadAnswer>
