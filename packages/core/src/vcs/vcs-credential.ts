import type { SecretCipher } from '../ports/secret-cipher.ts'
import type { VcsConnection } from './vcs-connection.ts'

/**
 * Marks a credential sealed with its connection's id and the origin of its `http-url` (scheme,
 * host and port) as context. The cipher's own form never holds a `:` (AES-GCM's is base64url
 * parts joined by `.`), so a credential without the mark was sealed before this binding, with
 * the connection's id alone.
 */
const ORIGIN_BOUND = 'origin:'

/**
 * Seals a connection's credential for the host it is sent to: the connection's id and the origin
 * of its HTTP address are bound to the ciphertext, so that a sealed credential copied onto another
 * connection, or left beside an address changed in the database, does not open.
 */
export function sealCredential(cipher: SecretCipher, connection: Pick<VcsConnection, 'id' | 'httpUrl'>, credential: string): string {
  return ORIGIN_BOUND + cipher.seal(credential, contextOf(connection))
}

/**
 * The connection's credential. Raises `unavailable` when it was sealed for another connection
 * or another origin, or with another key. One sealed before credentials were bound to their
 * origin opens with the id alone, until the connection is next changed (`isOriginBound`).
 */
export function openCredential(cipher: SecretCipher, connection: Pick<VcsConnection, 'id' | 'httpUrl' | 'sealedCredential'>): string {
  const sealed = connection.sealedCredential
  if (isOriginBound(connection)) return cipher.open(sealed.slice(ORIGIN_BOUND.length), contextOf(connection))
  return cipher.open(sealed, connection.id)
}

/** Whether the credential is sealed for its origin, rather than in the older form bound to the id only. */
export function isOriginBound(connection: Pick<VcsConnection, 'sealedCredential'>): boolean {
  return connection.sealedCredential.startsWith(ORIGIN_BOUND)
}

/** `https://host:port` of an address: where a credential sent to it goes (the path does not matter). */
export function originOf(httpUrl: string): string {
  return new URL(httpUrl).origin
}

function contextOf(connection: Pick<VcsConnection, 'id' | 'httpUrl'>): string {
  return `${connection.id} ${originOf(connection.httpUrl)}`
}
