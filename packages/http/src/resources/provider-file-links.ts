/**
 * Where a provider's files are uploaded (token-free `PUT`, on the upload host) and downloaded
 * (token-free `GET`/`HEAD`, on the app): both signed, expiring tokens in the path.
 */

/**
 * Under the upload host's `/v1/object/`, as module archive uploads are: a proxy that forwards the
 * upload host's paths forwards these too.
 */
export const PROVIDER_UPLOADS = '/v1/object/providers'

/** Under the registry protocol's root, as module archive links are: clients fetch them without credentials. */
export const PROVIDER_FILES = '/api/registry/v1/provider-files'

/** Where the links of a provider's resources start: the upload host and the app's root, each with a trailing slash. */
export interface ProviderLinkBases {
  readonly uploadBase: URL
  readonly appRoot: URL
}

/** The absolute upload link of a signed upload object id. */
export function providerUploadUrl(bases: ProviderLinkBases, objectId: string): string {
  return new URL(`${PROVIDER_UPLOADS.slice(1)}/${objectId}`, bases.uploadBase).href
}

/**
 * The absolute download link of a signed download token. The file name only names the download
 * for whoever saves it; the token alone says which file it is.
 */
export function providerFileUrl(bases: Pick<ProviderLinkBases, 'appRoot'>, token: string, filename: string): string {
  return new URL(`${PROVIDER_FILES.slice(1)}/${token}/${encodeURIComponent(filename)}`, bases.appRoot).href
}

/** The file names HashiCorp's release tooling gives a version's checksums and their signature. */
export function shasumsFilename(providerName: string, version: string): string {
  return `terraform-provider-${providerName}_${version}_SHA256SUMS`
}
