import { DOWNLOAD_LINK_LIFETIME_MS } from '../modules/download-links.ts'
import type { OriginPlatform } from '../ports/provider-origin.ts'
import type { UrlSigner } from '../ports/url-signer.ts'

const FIELDS = ['hostname', 'namespace', 'type', 'version', 'os', 'arch'] as const

/** A token for an archive the mirror does not hold yet: following it pulls it through, as a download link would serve it. */
export function signMirrorPull(signer: UrlSigner, platform: OriginPlatform, now: Date): string {
  const payload = JSON.stringify(FIELDS.map((field) => platform[field]))
  return signer.sign('provider-mirror-pull', payload, new Date(now.getTime() + DOWNLOAD_LINK_LIFETIME_MS))
}

/** The platform behind a genuine, unexpired pull token; undefined otherwise. */
export function verifyMirrorPull(signer: UrlSigner, token: string, now: Date): OriginPlatform | undefined {
  const payload = signer.verify('provider-mirror-pull', token, now)
  if (payload === undefined) return undefined
  const [hostname = '', namespace = '', type = '', version = '', os = '', arch = ''] = JSON.parse(payload) as string[]
  return { hostname, namespace, type, version, os, arch }
}
