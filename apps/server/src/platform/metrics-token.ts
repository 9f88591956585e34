import { createHash, timingSafeEqual } from 'node:crypto'

/**
 * Whether `offered` is the configured metrics token, compared in constant time: both are hashed
 * first, so that neither their contents nor their lengths show in the time taken.
 */
export function matchesMetricsToken(configured: string): (offered: string) => boolean {
  const expected = digest(configured)
  return (offered) => timingSafeEqual(digest(offered), expected)
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest()
}

/** Long and plain enough to be a bearer token worth guarding `/metrics` with. */
export function isAcceptableMetricsToken(token: string): boolean {
  return /^[\x21-\x7e]{16,}$/.test(token)
}
