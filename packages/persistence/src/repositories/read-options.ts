/**
 * Repositories hand out immutable domain objects and write with native queries, so the identity
 * map would only serve stale copies after a write in the same transaction: reads bypass it.
 */
export const FRESH = { disableIdentityMap: true } as const
