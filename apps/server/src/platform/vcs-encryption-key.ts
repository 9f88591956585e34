import { hkdfSync } from 'node:crypto'

/**
 * The key VCS credentials are sealed with: `CAIRN_VCS_ENCRYPTION_KEY`, or else one derived (HKDF)
 * from the signing key, so that an installation with neither configured keeps one secret file in
 * its data directory rather than two. Either way the database alone does not open the credentials.
 */
export function vcsEncryptionKey(configured: string | undefined, signingKey: string): string {
  if (configured !== undefined) return configured
  return Buffer.from(hkdfSync('sha256', signingKey, 'cairn', 'vcs-credentials', 32)).toString('base64')
}
