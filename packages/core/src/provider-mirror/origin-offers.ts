import type { Clock } from '../ports/clock.ts'
import type { ExpiringCache } from '../ports/expiring-cache.ts'
import type { OriginVersion, ProviderOrigin } from '../ports/provider-origin.ts'
import type { MirroredProviderAddress } from './mirrored-archive.ts'

/**
 * How long what an origin offers of a provider is believed. Every `init` asks `index.json` and
 * then a `:version.json` per provider, so asking the origin each time made every answer pay a
 * round trip (or its timeout); an origin's new release shows here within five minutes, as the
 * public registry's answers do (`upstreamRegistry.cacheTtlMs`).
 */
export const ORIGIN_OFFER_TTL_MS = 5 * 60_000

/** What an origin offered of one provider, and when it was asked. */
export interface OriginOffer {
  readonly versions: readonly OriginVersion[]
  readonly askedAt: number
}

const keyOf = (address: MirroredProviderAddress) => JSON.stringify([address.hostname, address.namespace, address.type])

/**
 * The versions the origin offers of each provider, kept for `ORIGIN_OFFER_TTL_MS` in an
 * expiring cache bounded by bytes (no store write clears it: the store says nothing of the
 * origin). Concurrent misses for one provider share one question; a failure is not kept, so the
 * next request asks again.
 */
export class OriginOffers {
  readonly #origin: ProviderOrigin
  readonly #cache: ExpiringCache<OriginOffer>
  readonly #clock: Clock
  readonly #inFlight = new Map<string, Promise<readonly OriginVersion[]>>()

  constructor(deps: { readonly providerOrigin: ProviderOrigin; readonly originCache: ExpiringCache<OriginOffer>; readonly clock: Clock }) {
    this.#origin = deps.providerOrigin
    this.#cache = deps.originCache
    this.#clock = deps.clock
  }

  versions(address: MirroredProviderAddress): Promise<readonly OriginVersion[]> {
    const key = keyOf(address)
    const kept = this.#cache.get(key)
    if (kept !== undefined && this.#clock.now().getTime() - kept.askedAt < ORIGIN_OFFER_TTL_MS) return Promise.resolve(kept.versions)
    const running = this.#inFlight.get(key)
    if (running !== undefined) return running
    const asking = this.#ask(key, address).finally(() => this.#inFlight.delete(key))
    this.#inFlight.set(key, asking)
    return asking
  }

  async #ask(key: string, address: MirroredProviderAddress): Promise<readonly OriginVersion[]> {
    const askedAt = this.#clock.now().getTime()
    const versions = await this.#origin.versions(address)
    this.#cache.set(key, { versions, askedAt })
    return versions
  }
}
