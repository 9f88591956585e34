import type { UrlSigner } from '../ports/url-signer.ts'
import { DOWNLOAD_LINK_LIFETIME_MS } from '../modules/download-links.ts'
import { UPLOAD_LINK_LIFETIME_MS } from '../modules/module-version.ts'

/** Which file an upload link takes. */
export type ProviderFileKind = 'shasums' | 'shasums-sig' | 'binary'

const KINDS: readonly ProviderFileKind[] = ['shasums', 'shasums-sig', 'binary']

/** What an upload link carries: the file it takes, and the version (sums, signature) or platform (binary) it is for. */
export interface ProviderUploadLink {
  readonly kind: ProviderFileKind
  readonly recordId: string
}

/** An upload object id for one file of a version or platform, good for as long as a module's. */
export function signProviderUpload(signer: UrlSigner, link: ProviderUploadLink, now: Date): string {
  return signer.sign('provider-upload', `${link.kind}:${link.recordId}`, new Date(now.getTime() + UPLOAD_LINK_LIFETIME_MS))
}

/** The link behind a genuine, unexpired upload object id; undefined otherwise. */
export function verifyProviderUpload(signer: UrlSigner, objectId: string, now: Date): ProviderUploadLink | undefined {
  const payload = signer.verify('provider-upload', objectId, now)
  if (payload === undefined) return undefined
  const separator = payload.indexOf(':')
  const kind = KINDS.find((candidate) => candidate === payload.slice(0, separator))
  return kind === undefined ? undefined : { kind, recordId: payload.slice(separator + 1) }
}

/** A download token for a stored file, good for at least as long as a module archive's link. */
export function signProviderDownload(signer: UrlSigner, blobKey: string, now: Date): string {
  return signer.sign('provider-download', blobKey, new Date(now.getTime() + DOWNLOAD_LINK_LIFETIME_MS))
}

/** The blob key behind a genuine, unexpired download token; undefined otherwise. */
export function verifyProviderDownload(signer: UrlSigner, token: string, now: Date): string | undefined {
  return signer.verify('provider-download', token, now)
}
