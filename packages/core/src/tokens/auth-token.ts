/** A bearer credential. Only the hash of its secret is kept; the secret is shown once. */
export interface AuthToken {
  readonly id: string
  /** The user the token acts as. */
  readonly userId: string
  readonly description: string | null
  readonly secretHash: string
  readonly createdAt: Date
  readonly revokedAt: Date | null
}

const SEPARATOR = '.cairn.'

/** The string a client sends: the token's id, so it can be found, and its secret, to prove it. */
export function formatBearerToken(tokenId: string, secret: string): string {
  return `${tokenId}${SEPARATOR}${secret}`
}

/** Splits a bearer token into id and secret; undefined when it is not one of ours. */
export function parseBearerToken(raw: string): { tokenId: string; secret: string } | undefined {
  const at = raw.indexOf(SEPARATOR)
  if (at <= 0) return undefined
  const secret = raw.slice(at + SEPARATOR.length)
  return secret === '' ? undefined : { tokenId: raw.slice(0, at), secret }
}
