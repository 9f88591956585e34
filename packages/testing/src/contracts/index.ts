import { auditLogContract } from './audit-log.contract.ts'
import { gpgKeyRepositoryContract } from './gpg-key-repository.contract.ts'
import { initialAdminTokenRepositoryContract } from './initial-admin-token-repository.contract.ts'
import { loginCodeRepositoryContract } from './login-code-repository.contract.ts'
import { mirroredArchiveRepositoryContract } from './mirrored-archive-repository.contract.ts'
import { modulePackageRepositoryContract } from './module-package-repository.contract.ts'
import { membershipRepositoryContract } from './membership-repository.contract.ts'
import { moduleCatalogContract } from './module-catalog.contract.ts'
import { moduleHousekeepingContract } from './module-housekeeping.contract.ts'
import { moduleVersionRepositoryContract } from './module-version-repository.contract.ts'
import { organizationRepositoryContract } from './organization-repository.contract.ts'
import { providerPlatformRepositoryContract } from './provider-platform-repository.contract.ts'
import { providerVersionRepositoryContract } from './provider-version-repository.contract.ts'
import { registryModuleRepositoryContract } from './registry-module-repository.contract.ts'
import { registryProviderRepositoryContract } from './registry-provider-repository.contract.ts'
import { runRepositoryContract } from './run-repository.contract.ts'
import { sessionRepositoryContract } from './session-repository.contract.ts'
import { settingsRepositoryContract } from './settings-repository.contract.ts'
import { teamMemberRepositoryContract } from './team-member-repository.contract.ts'
import { teamRepositoryContract } from './team-repository.contract.ts'
import { tokenRepositoryContract } from './token-repository.contract.ts'
import { toolVersionRepositoryContract } from './tool-version-repository.contract.ts'
import { unitOfWorkContract } from './unit-of-work.contract.ts'
import { userRepositoryContract } from './user-repository.contract.ts'
import { vcsConnectionRepositoryContract } from './vcs-connection-repository.contract.ts'
import { workspaceRepositoryContract } from './workspace-repository.contract.ts'
import type { StoreHarness } from './store-harness.ts'

export type { StoreHarness, StoreUnderTest } from './store-harness.ts'
export { blobStoreContract } from './blob-store.contract.ts'
export type { BlobStoreHarness, BlobStoreUnderTest } from './blob-store-harness.ts'
export { binaryContent, bytesOf, chunksOf, sortedOf, textOf } from './byte-streams.ts'

/** Every store contract, for an adapter that implements all the repositories. */
export function storeContracts(name: string, open: StoreHarness): void {
  unitOfWorkContract(name, open)
  userRepositoryContract(name, open)
  tokenRepositoryContract(name, open)
  toolVersionRepositoryContract(name, open)
  workspaceRepositoryContract(name, open)
  sessionRepositoryContract(name, open)
  loginCodeRepositoryContract(name, open)
  organizationRepositoryContract(name, open)
  membershipRepositoryContract(name, open)
  teamRepositoryContract(name, open)
  teamMemberRepositoryContract(name, open)
  runRepositoryContract(name, open)
  registryModuleRepositoryContract(name, open)
  moduleVersionRepositoryContract(name, open)
  moduleCatalogContract(name, open)
  moduleHousekeepingContract(name, open)
  auditLogContract(name, open)
  initialAdminTokenRepositoryContract(name, open)
  settingsRepositoryContract(name, open)
  vcsConnectionRepositoryContract(name, open)
  registryProviderRepositoryContract(name, open)
  providerVersionRepositoryContract(name, open)
  providerPlatformRepositoryContract(name, open)
  gpgKeyRepositoryContract(name, open)
  mirroredArchiveRepositoryContract(name, open)
  modulePackageRepositoryContract(name, open)
}
export { jobQueueContract } from './job-queue.contract.ts'
export type { JobQueueHarness, JobQueueUnderTest } from './job-queue.contract.ts'
export { vcsClientContract } from './vcs-client.contract.ts'
export type { HostedRepository, VcsClientHarness, VcsClientUnderTest } from './vcs-client.contract.ts'
export { moduleAnalyzerContract } from './module-analyzer.contract.ts'
export { moduleZipperContract, type ModuleZipperUnderTest } from './module-zipper.contract.ts'
export type { ModuleAnalyzerHarness, ModuleAnalyzerUnderTest, RefusedArchive } from './module-analyzer.contract.ts'
export { upstreamRegistryContract } from './upstream-registry.contract.ts'
export type { UpstreamBehaviour, UpstreamRegistryHarness, UpstreamRegistryUnderTest } from './upstream-registry.contract.ts'
export { expiringCacheContract } from './expiring-cache.contract.ts'
export type { ExpiringCacheHarness } from './expiring-cache.contract.ts'
export { githubAppContract } from './github-app.contract.ts'
export type { GithubAppHarness, GithubAppUnderTest, InstalledOn } from './github-app.contract.ts'
export { storeChangesContract } from './store-changes.contract.ts'
export type { StoreChangesHarness, StoreChangesUnderTest } from './store-changes.contract.ts'
export { clockContract } from './clock.contract.ts'
export { idGeneratorContract } from './id-generator.contract.ts'
export { tokenHasherContract } from './token-hasher.contract.ts'
export { secretCipherContract } from './secret-cipher.contract.ts'
export { openPgpSignaturesContract } from './openpgp-signatures.contract.ts'
export type { OpenPgpHarness, SigningKey } from './openpgp-signatures.contract.ts'
export { urlSignerContract } from './url-signer.contract.ts'
export { signInAttemptsContract } from './sign-in-attempts.contract.ts'
export type { SignInAttemptsHarness } from './sign-in-attempts.contract.ts'
export { passwordHasherContract } from './password-hasher.contract.ts'
export { healthCheckContract } from './health-check.contract.ts'
export type { HealthCheckUnderTest } from './health-check.contract.ts'
export { providerPackageReaderContract } from './provider-package-reader.contract.ts'
export { tarOf, type TarEntry } from './tar-builder.ts'
export { providerOriginContract } from './provider-origin.contract.ts'
export type { ProviderOriginHarness, ProviderOriginUnderTest } from './provider-origin.contract.ts'
