import type { CachedOrganizationAccess } from '../organizations/cached-organization-access.ts'
import type { BlobStore } from '../ports/blob-store.ts'
import type { ExpiringCache } from '../ports/expiring-cache.ts'
import type { OpenPgpSignatures } from '../ports/openpgp-signatures.ts'
import type { ProviderOrigin } from '../ports/provider-origin.ts'
import type { ProviderPackageReader } from '../ports/provider-package-reader.ts'
import type { UrlSigner } from '../ports/url-signer.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import type { ProviderMirrorPolicy } from './mirror-policy.ts'
import type { MirrorHolding } from './held-archives.ts'
import type { OriginOffer } from './origin-offers.ts'

/** The ports and settings of the provider mirror's use cases. */
export interface ProviderMirrorDeps extends Pick<UseCaseDeps, 'unitOfWork' | 'clock' | 'ids'> {
  readonly blobs: BlobStore
  readonly signer: UrlSigner
  readonly openpgp: OpenPgpSignatures
  readonly providerPackages: ProviderPackageReader
  readonly providerOrigin: ProviderOrigin
  /** What the origins offered of each provider, for the JSON answers of pull-through (`OriginOffers`). */
  readonly originCache: ExpiringCache<OriginOffer>
  /** What the mirror holds, for its answers (`HeldArchives`); cleared by every write. */
  readonly mirrorCache: ExpiringCache<MirrorHolding>
  readonly mirrorPolicy: ProviderMirrorPolicy
  /** The largest zip the mirror imports or pulls through. */
  readonly maxMirrorArchiveBytes: number
}

export type ProviderMirrorUseCaseDeps = ProviderMirrorDeps & { readonly organizationGrants: CachedOrganizationAccess }
