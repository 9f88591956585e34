import type { Principal } from '../auth/principal.ts'
import type { UrlSigner } from '../ports/url-signer.ts'
import { UPLOAD_LINK_LIFETIME_MS } from './module-version.ts'

/** What an upload link carries: the version it uploads to, and whom it was handed to (null on links made before it was carried). */
export interface UploadLink {
  readonly versionId: string
  readonly issuedTo: string | null
}

/**
 * A link for `versionId`, made for `principal`: it carries no credential (anyone holding it may
 * upload until it expires), so it names whom it was handed to, for the attempts it starts to show.
 */
export function signUploadLink(signer: UrlSigner, versionId: string, principal: Principal, now: Date): string {
  return signer.sign('module-upload', `${versionId}:${principalInWords(principal)}`, new Date(now.getTime() + UPLOAD_LINK_LIFETIME_MS))
}

/** The link behind a genuine, unexpired object id; undefined otherwise. */
export function verifyUploadLink(signer: UrlSigner, objectId: string, now: Date): UploadLink | undefined {
  const payload = signer.verify('module-upload', objectId, now)
  if (payload === undefined) return undefined
  const separator = payload.indexOf(':')
  return separator < 0
    ? { versionId: payload, issuedTo: null }
    : { versionId: payload.slice(0, separator), issuedTo: payload.slice(separator + 1) }
}

/** Who an upload attempt is by, as the version shows it. */
export function uploadStartedBy(link: UploadLink): string {
  return link.issuedTo === null ? 'an upload link' : `upload link issued to ${link.issuedTo}`
}

function principalInWords(principal: Principal): string {
  switch (principal.kind) {
    case 'user':
      return `user ${principal.user.username ?? principal.user.id}`
    case 'team':
      return `team ${principal.team.name}`
    case 'organization':
      return `organization ${principal.organizationName}`
    case 'operator':
      return 'the operator'
  }
}
