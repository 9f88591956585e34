import { CairnError, type OriginVersion } from '@cairn/core'

type JsonObject = Readonly<Record<string, unknown>>

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value)
const isString = (value: unknown): value is string => typeof value === 'string'

function notTheProtocol(host: string, what: string): CairnError {
  return new CairnError('upstream_failed', `the registry at ${host} answered with something that is not ${what}`)
}

/** The `providers.v1` entry of a discovery document, if it has one. */
export function providersService(body: unknown): string | undefined {
  const providers = isObject(body) ? body['providers.v1'] : undefined
  return isString(providers) ? providers : undefined
}

/** `providers.v1`'s versions answer: `versions[].version` and `.platforms[].os/arch`. */
export function parseOriginVersions(host: string, body: unknown): OriginVersion[] {
  const versions = isObject(body) ? body['versions'] : undefined
  if (!Array.isArray(versions)) throw notTheProtocol(host, 'a list of provider versions')
  return versions.map((entry: unknown) => {
    const version = isObject(entry) ? entry['version'] : undefined
    const platforms = isObject(entry) ? entry['platforms'] : undefined
    if (!isString(version) || !Array.isArray(platforms)) throw notTheProtocol(host, 'a list of provider versions')
    return {
      version,
      platforms: platforms.filter(isObject).flatMap(({ os, arch }) => (isString(os) && isString(arch) ? [{ os, arch }] : [])),
    }
  })
}

/** What of a download answer the mirror uses. */
export interface DownloadAnswer {
  readonly filename: string
  readonly shasum: string
  readonly downloadUrl: string
  readonly shasumsUrl: string
  readonly shasumsSignatureUrl: string
  readonly signingKeys: readonly string[]
}

/** `providers.v1`'s download answer for one platform. */
export function parseDownload(host: string, body: unknown): DownloadAnswer {
  if (!isObject(body)) throw notTheProtocol(host, 'a provider download')
  const { filename, shasum, download_url, shasums_url, shasums_signature_url, signing_keys } = body
  const keys = isObject(signing_keys) && Array.isArray(signing_keys['gpg_public_keys']) ? signing_keys['gpg_public_keys'] : []
  const armors = keys.filter(isObject).flatMap((key) => (isString(key['ascii_armor']) ? [key['ascii_armor']] : []))
  if (
    !isString(filename) ||
    !isString(shasum) ||
    !/^[0-9a-f]{64}$/i.test(shasum) ||
    !isString(download_url) ||
    !isString(shasums_url) ||
    !isString(shasums_signature_url)
  ) {
    throw notTheProtocol(host, 'a provider download')
  }
  return {
    filename,
    shasum: shasum.toLowerCase(),
    downloadUrl: download_url,
    shasumsUrl: shasums_url,
    shasumsSignatureUrl: shasums_signature_url,
    signingKeys: armors,
  }
}
