/** Whom a token acts for: a user, a team (as a service account) or an organization. */
export type TokenKind = 'user' | 'team' | 'organization'

/** A bearer credential. Only the hash of its secret is kept; the secret is shown once. */
export interface AuthToken {
  readonly id: string
  readonly kind: TokenKind
  /** The user id, team id or organization name the token acts for. */
  readonly subjectId: string
  readonly description: string | null
  readonly secretHash: string
  readonly createdAt: Date
  readonly revokedAt: Date | null
  /** When the token last authenticated a request, to the minute (see `TokenUses`); null if never. */
  readonly lastUsedAt: Date | null
}

const SEPARATOR = '.cairn.'

/**
 * The string a client sends: an id, so the stored credential can be found, and a secret, to
 * prove it. Tokens and session cookies share the form.
 */
export function formatBearerToken(id: string, secret: string): string {
  return `${id}${SEPARATOR}${secret}`
}

// Ids and secrets are made of these; anything else (a NUL byte, a newline) is not one of ours.
const PART = /^[A-Za-z0-9_-]{1,128}$/

/** Splits a bearer token into id and secret; undefined when it is not one of ours. */
export function parseBearerToken(raw: string): { tokenId: string; secret: string } | undefined {
  const at = raw.indexOf(SEPARATOR)
  const tokenId = raw.slice(0, at)
  const secret = raw.slice(at + SEPARATOR.length)
  return at > 0 && PART.test(tokenId) && PART.test(secret) ? { tokenId, secret } : undefined
}
