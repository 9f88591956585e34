/** What a signed URL is for; a token made for one purpose is refused for another. */
export type SignedPurpose = 'module-upload' | 'module-download' | 'provider-upload' | 'provider-download' | 'provider-mirror-pull'

/**
 * Makes and checks unguessable, tamper-proof, expiring tokens for URLs that clients use without
 * a bearer token (archive uploads and downloads).
 */
export interface UrlSigner {
  /** A URL-safe token carrying `payload` until `expiresAt`. */
  sign(purpose: SignedPurpose, payload: string, expiresAt: Date): string
  /** The payload of a genuine, unexpired token made for `purpose`; undefined otherwise. */
  verify(purpose: SignedPurpose, token: string, now: Date): string | undefined
}
