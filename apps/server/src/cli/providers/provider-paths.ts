/** Where a private provider's records are in the TFE API, and the GPG keys of the private registry. */
export interface ProviderCoordinates {
  readonly organization: string
  readonly namespace: string
  readonly type: string
}

const segment = encodeURIComponent

/** `/api/v2/organizations/:org/registry-providers` (the collection to create in). */
export function providersPath({ organization }: ProviderCoordinates): string {
  return `/api/v2/organizations/${segment(organization)}/registry-providers`
}

/** The private provider itself. */
export function providerPath(at: ProviderCoordinates): string {
  return `${providersPath(at)}/private/${segment(at.namespace)}/${segment(at.type)}`
}

/** One version, or (without `version`) the collection of versions. */
export function versionPath(at: ProviderCoordinates, version?: string): string {
  return `${providerPath(at)}/versions${version === undefined ? '' : `/${segment(version)}`}`
}

/** One platform of `version`, or (without os/arch) its collection. */
export function platformPath(at: ProviderCoordinates, version: string, platform?: { os: string; arch: string }): string {
  const base = `${versionPath(at, version)}/platforms`
  return platform === undefined ? base : `${base}/${segment(platform.os)}/${segment(platform.arch)}`
}

/** The private registry's GPG keys, or one key of `namespace`. */
export function gpgKeyPath(key?: { namespace: string; keyId: string }): string {
  const base = '/api/registry/private/v2/gpg-keys'
  return key === undefined ? base : `${base}/${segment(key.namespace)}/${segment(key.keyId)}`
}
