import type { CachedOrganizationAccess } from '../organizations/cached-organization-access.ts'
import type { BlobStore } from '../ports/blob-store.ts'
import type { OpenPgpSignatures } from '../ports/openpgp-signatures.ts'
import type { UrlSigner } from '../ports/url-signer.ts'
import type { Edition } from '../shared/edition.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'

/** The ports the provider registry's use cases draw on. */
export interface ProviderRegistryDeps extends Pick<UseCaseDeps, 'unitOfWork' | 'clock' | 'ids'> {
  readonly edition: Edition
  readonly blobs: BlobStore
  readonly signer: UrlSigner
  /** Reads GPG keys and checks SHA256SUMS's signatures against them. */
  readonly openpgp: OpenPgpSignatures
}

export type ProviderUseCaseDeps = ProviderRegistryDeps & { readonly organizationGrants: CachedOrganizationAccess }
