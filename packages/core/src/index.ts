// Core's public surface: what the adapters and the app use, grouped by subject. A name a file
// exports but this one does not is core's own; export it here when another package needs it.

// Errors and shared values
export { CairnError, isCairnError } from './errors/cairn-error.ts'
export type { ErrorCode, FieldError } from './errors/cairn-error.ts'
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageOffset } from './shared/page.ts'
export type { Page, PageRequest } from './shared/page.ts'
export { EDITIONS } from './shared/edition.ts'
export type { Edition } from './shared/edition.ts'
export { isFitText, UNFIT_TEXT } from './shared/fit-text.ts'

// Auth and principals
export { assertSiteAdmin, impersonatorOf, isSiteAdmin, OPERATOR } from './auth/principal.ts'
export type { OperatorPrincipal, OrganizationPrincipal, Principal, TeamPrincipal, UserPrincipal } from './auth/principal.ts'
export { AuthenticateToken } from './auth/authenticate-token.ts'
export type { TokenHasher } from './ports/token-hasher.ts'
export type { PasswordHasher } from './ports/password-hasher.ts'

// Users
export { User } from './users/user.ts'
export type { UserState } from './users/user.ts'
export { parseEmail } from './users/username.ts'
export type { UserQuery, UserRepository, UserStatusCounts } from './ports/user-repository.ts'
export type { InitialAdminToken, InitialAdminTokenRepository } from './ports/initial-admin-token-repository.ts'
export { CreateUser } from './users/create-user.ts'
export type { CreateUserCommand } from './users/create-user.ts'
export { ShowUser } from './users/show-user.ts'
export { AdminUsers } from './users/admin-users.ts'
export type { UserAction } from './users/admin-users.ts'
export { InitialAdmin } from './users/initial-admin.ts'

// Tokens
export { formatBearerToken, parseBearerToken } from './tokens/auth-token.ts'
export type { AuthToken, TokenKind } from './tokens/auth-token.ts'
export type { CreatedToken } from './tokens/issue-token.ts'
export type { TokenRepository } from './ports/token-repository.ts'
export { CreateUserToken } from './tokens/create-user-token.ts'
export type { CreateUserTokenCommand } from './tokens/create-user-token.ts'
export { ListUserTokens } from './tokens/list-user-tokens.ts'
export { RevokeToken } from './tokens/revoke-token.ts'
export { TOKEN_USE_PRECISION_MS, TokenUses } from './tokens/token-uses.ts'
export { ManageServiceTokens } from './tokens/manage-service-tokens.ts'
export { ListServiceTokens, type OrganizationServiceTokens } from './tokens/list-service-tokens.ts'

// CLI login (login.v1)
export { CliLogin, LOGIN_TOKEN_DESCRIPTION } from './login/cli-login.ts'
export { LOGIN_CLIENT, type LoginRequest, type LoginRequestParameters } from './login/login-request.ts'
export { LOGIN_CODE_LIFETIME_MS, type LoginCode } from './login/login-code.ts'
export type { LoginCodeRepository } from './ports/login-code-repository.ts'
// Sessions
export { SESSION_LIFETIME_MS } from './sessions/session.ts'
export type { Session } from './sessions/session.ts'
export { AuthenticateSession } from './sessions/authenticate-session.ts'
export type { SessionRepository } from './ports/session-repository.ts'
export type { SignInAttempt, SignInAttempts } from './ports/sign-in-attempts.ts'
export { SignIn } from './sessions/sign-in.ts'
export { SignOut } from './sessions/sign-out.ts'
export { Impersonation } from './sessions/impersonation.ts'

// Audit
export type { AuditActorKind, AuditChange, AuditEvent, AuditEventType } from './audit/audit-event.ts'
export type { AuditLog } from './ports/audit-log.ts'
export { ListAuditEvents } from './audit/list-audit-events.ts'

// Site settings
export { DEFAULT_GENERAL_SETTINGS } from './settings/general-settings.ts'
export type { GeneralSettings } from './settings/general-settings.ts'
export type { SettingsRepository } from './ports/settings-repository.ts'
export { AdminGeneralSettings } from './settings/admin-general-settings.ts'

// Organizations and teams
export type { Organization } from './organizations/organization.ts'
export { OWNERS_TEAM } from './organizations/team.ts'
export type { Team, TeamAccess } from './organizations/team.ts'
export { MEMBERSHIP_STATUSES } from './organizations/organization-membership.ts'
export type { MembershipStatus, OrganizationMembership } from './organizations/organization-membership.ts'
export type { OrganizationQuery, OrganizationRepository } from './ports/organization-repository.ts'
export type { MembershipQuery, MembershipRepository } from './ports/membership-repository.ts'
export type { TeamRepository } from './ports/team-repository.ts'
export type { TeamMemberRepository } from './ports/team-member-repository.ts'
export { ManageOrganizations } from './organizations/manage-organizations.ts'
export type { CreateOrganizationCommand, OrganizationSettingsChange } from './organizations/manage-organizations.ts'
export { ManageMemberships } from './organizations/manage-memberships.ts'
export type { InviteCommand, MembershipDetails } from './organizations/manage-memberships.ts'
export { ManageTeams } from './organizations/manage-teams.ts'
export type { CreateTeamCommand } from './organizations/manage-teams.ts'

// Workspaces and runs
export type { Workspace } from './workspaces/workspace.ts'
export { isRunStatus, RUN_STATUSES } from './runs/run.ts'
export type { Run, RunStatus } from './runs/run.ts'
export type { WorkspaceQuery, WorkspaceRepository, WorkspaceSortKey, WorkspaceStatusCounts } from './ports/workspace-repository.ts'
export type { RunRepository } from './ports/run-repository.ts'
export { ManageWorkspaces } from './workspaces/manage-workspaces.ts'
export type { WorkspaceRef, WorkspaceView } from './workspaces/manage-workspaces.ts'
export { AdminWorkspaces, WORKSPACE_INCLUDES } from './workspaces/admin-workspaces.ts'
export type { WorkspacesWithRelated } from './workspaces/admin-workspaces.ts'
export { ManageRuns } from './runs/manage-runs.ts'

// Tool versions
export type { ToolArchive, ToolVersion, ToolVersionUsage } from './tool-versions/tool-version.ts'
export type { ToolVersionQuery, ToolVersionRepository } from './ports/tool-version-repository.ts'
export { CreateToolVersion } from './tool-versions/create-tool-version.ts'
export { UpdateToolVersion } from './tool-versions/update-tool-version.ts'
export { DeleteToolVersion } from './tool-versions/delete-tool-version.ts'
export { ShowToolVersion } from './tool-versions/show-tool-version.ts'
export { ListToolVersions } from './tool-versions/list-tool-versions.ts'

// Modules: addresses, versions, metadata and their stores
export { isRegistryName, REGISTRY_NAMES } from './modules/module-address.ts'
export type { ModuleAddress, RegistryName } from './modules/module-address.ts'
export type { PublishingMechanism, RegistryModule, RegistryModuleStatus, VcsRepo } from './modules/registry-module.ts'
export { ModuleVersion } from './modules/module-version.ts'
export type {
  AttemptStatus,
  ModuleArchive,
  ModuleVersionState,
  ModuleVersionStatus,
  ModuleVersionSummary,
  VersionAttempt,
} from './modules/module-version.ts'
export type { ModuleView } from './modules/module-view.ts'
export type {
  ModuleCall,
  ModuleInput,
  ModuleMetadata,
  ModuleOutput,
  ModulePart,
  ModuleResource,
  ProviderRequirement,
} from './modules/module-metadata.ts'
export { README_DESCRIPTION_READ_CHARS, readmeDescription, versionDescription } from './modules/readme-description.ts'
export type { RegistryModuleQuery, RegistryModuleRepository, RegistryModuleSort } from './ports/registry-module-repository.ts'
export type { ModuleVersionRepository } from './ports/module-version-repository.ts'
export type { ModuleCatalog, PublishedModuleQuery, ServedVersionQuery, ServedVersionsQuery } from './ports/module-catalog.ts'
export type { ModuleHousekeeping } from './ports/module-housekeeping.ts'
export { ManageRegistryModules } from './modules/manage-registry-modules.ts'
export type { CreateRegistryModuleCommand } from './modules/manage-registry-modules.ts'
export { ModuleVersions } from './modules/module-versions.ts'
export type { VersionWithUpload } from './modules/module-versions.ts'
export { PublicModules } from './modules/public-modules.ts'

// Module archives: analysis, blobs and signed links
export type { ByteStream, ModuleAnalyzer } from './ports/module-analyzer.ts'
export type { BlobStore, StoredBlob } from './ports/blob-store.ts'
export type { SignedPurpose, UrlSigner } from './ports/url-signer.ts'

// Registry protocol
export { ModuleRegistryProtocol } from './modules/module-registry-protocol.ts'
export type { BrowseQuery, ModuleVersionDetail, PublishedModule } from './modules/module-registry-protocol.ts'
export { partRequirements, protocolVersionOf, versionsJson } from './modules/protocol-version.ts'
export type { PartRequirements, ProtocolVersion, ServedArchive, VersionsDocument } from './modules/protocol-version.ts'
export type { ProtocolAnswer } from './modules/protocol-answers.ts'
export { DOWNLOAD_LINK_LIFETIME_MS, DOWNLOAD_LINK_REUSE_MS } from './modules/download-links.ts'
export type { DownloadsWritten } from './modules/download-tally.ts'
export type { UpstreamModuleAddress, UpstreamModuleDetail, UpstreamRegistry, UpstreamVersions } from './ports/upstream-registry.ts'

// Providers: the private provider registry, its GPG keys and their stores
export type { ProviderAddress, RegistryProvider } from './providers/registry-provider.ts'
export { PROVIDER_PROTOCOLS, shasumsBlobKey, shasumsSignatureBlobKey } from './providers/provider-version.ts'
export type { ProviderProtocol, ProviderVersion } from './providers/provider-version.ts'
export { installablePlatforms, providerBinaryBlobKey } from './providers/provider-platform.ts'
export type { ProviderPlatform } from './providers/provider-platform.ts'
export type { GpgKey } from './providers/gpg-key.ts'
export type { ShasumsEntry } from './providers/shasums.ts'
export type { RegistryProviderQuery, RegistryProviderRepository } from './ports/registry-provider-repository.ts'
export type { ProviderVersionRepository } from './ports/provider-version-repository.ts'
export type { ProviderPlatformRepository } from './ports/provider-platform-repository.ts'
export type { GpgKeyRepository } from './ports/gpg-key-repository.ts'
export type { OpenPgpSignatures, SignatureCheck } from './ports/openpgp-signatures.ts'
export type {
  ProviderDownloadAnswer,
  ProviderFilePermissions,
  ProviderPlatformView,
  ProviderUploadResult,
  ProviderVersionsAnswer,
  ProviderVersionView,
  ProviderView,
} from './providers/provider-views.ts'
export { MAX_PROVIDER_BINARY_BYTES, MAX_SHASUMS_BYTES, MAX_SIGNATURE_BYTES } from './providers/provider-limits.ts'
export { parseShasums } from './providers/shasums.ts'
export type { PlatformTarget, ProviderTarget, VersionTarget } from './providers/find-provider.ts'
export type { ProviderRegistryDeps } from './providers/provider-deps.ts'
export { ManageRegistryProviders } from './providers/manage-registry-providers.ts'
export type { CreateRegistryProviderCommand } from './providers/manage-registry-providers.ts'
export { ProviderVersions } from './providers/provider-versions.ts'
export type { CreateProviderVersionCommand } from './providers/provider-versions.ts'
export { ProviderPlatforms } from './providers/provider-platforms.ts'
export type { CreateProviderPlatformCommand } from './providers/provider-platforms.ts'
export { ProviderUploads } from './providers/provider-uploads.ts'
export { GpgKeys } from './providers/gpg-keys.ts'
export { ProviderRegistryProtocol } from './providers/provider-registry-protocol.ts'
export type { ServedProvider, ServedProviderLookup, ServedProviderVersion } from './providers/served-provider.ts'

// VCS: connections, GitHub App, tag sync
export { VCS_SERVICE_PROVIDERS } from './vcs/vcs-connection.ts'
export type { VcsConnection } from './vcs/vcs-connection.ts'
export { openCredential } from './vcs/vcs-credential.ts'
export type { VcsConnectionRepository } from './ports/vcs-connection-repository.ts'
export type { SecretCipher } from './ports/secret-cipher.ts'
export { githubAppRemote } from './vcs/github-app-installation.ts'
export { ListGithubAppInstallations } from './vcs/github-app-installations.ts'
export type { GithubAppInstallationView } from './vcs/github-app-installations.ts'
export type { GithubApp, GithubAppInstallation } from './ports/github-app.ts'
export { ListVcsModuleCommits } from './vcs/list-vcs-module-commits.ts'
export type { ModuleCommit } from './vcs/list-vcs-module-commits.ts'
export type { VcsClient, VcsCommit, VcsRef, VcsRefs, VcsRemote, VcsTree } from './ports/vcs-client.ts'
export { ManageVcsConnections } from './vcs/manage-vcs-connections.ts'
export { PublishModuleFromVcs } from './vcs/publish-module-from-vcs.ts'
export { ResyncVcsModule } from './vcs/resync-vcs-module.ts'
export { ReceiveVcsWebhook } from './vcs/vcs-webhooks.ts'
export { IngestVcsVersion } from './vcs/ingest-vcs-version.ts'
export type { VcsSource } from './vcs/ingest-vcs-version.ts'
export { SyncVcsTags } from './vcs/sync-vcs-tags.ts'
export { PollVcsModules } from './vcs/poll-vcs-modules.ts'

// Jobs: the queue, the job kinds, their workers and the sweeps
export { ABANDON_AFTER_ABORT_SECONDS, workersPerKind } from './ports/job-queue.ts'
export type { EnqueueOptions, JobDefinition, JobHandler, JobPayload, JobQueue } from './ports/job-queue.ts'
export { declareJobs, JOB_DEFINITIONS, workJobs } from './work-jobs.ts'
export { INGEST_VCS_VERSION_JOB, queueTagSync, workVcsJobs } from './vcs/vcs-jobs.ts'
export { workUploadJobs } from './modules/upload-jobs.ts'
export { AnalyseUpload } from './modules/analyse-upload.ts'
export { STUCK_UPLOAD_AFTER_MS, SweepStuckUploads } from './modules/sweep-stuck-uploads.ts'
export { SweepOrphanBlobs } from './modules/sweep-orphan-blobs.ts'

// Caching and change signals
export type { ExpiringCache } from './ports/expiring-cache.ts'
export { UNSHARED_STORE_CHANGES } from './ports/store-changes.ts'
export type { StoreChanges } from './ports/store-changes.ts'
export { StoreCache } from './caching/store-cache.ts'
export type { WriteSignal } from './caching/store-writes.ts'
export type { CredentialEntry } from './auth/cached-credentials.ts'
export type { GrantLookup } from './organizations/cached-organization-access.ts'

// Process ports: time, ids, health, transactions, error log
export type { Clock } from './ports/clock.ts'
export type { IdGenerator, IdPrefix } from './ports/id-generator.ts'
export type { HealthCheck } from './ports/health-check.ts'
export type { Repositories, UnitOfWork } from './ports/unit-of-work.ts'
export type { ErrorLog } from './ports/error-log.ts'

// Use cases, every one built from the ports
export { createUseCases } from './use-cases.ts'
export type { CairnPorts, UseCases } from './use-cases.ts'
export { hashesOf, mirroredArchiveBlobKey, platformKeyOf } from './provider-mirror/mirrored-archive.ts'
export type { MirroredArchive, MirroredProviderAddress } from './provider-mirror/mirrored-archive.ts'
export type { MirroredArchiveRepository } from './ports/mirrored-archive-repository.ts'
export { IMPORT_ONLY_MIRROR, mirrorServes } from './provider-mirror/mirror-policy.ts'
export type { ProviderMirrorPolicy } from './provider-mirror/mirror-policy.ts'
export type { ProviderPackageReader, TreeFile } from './ports/provider-package-reader.ts'
export type { OriginPackage, OriginPlatform, OriginVersion, ProviderOrigin } from './ports/provider-origin.ts'
export type { ProviderMirrorDeps } from './provider-mirror/provider-mirror-deps.ts'
export { ORIGIN_OFFER_TTL_MS, type OriginOffer } from './provider-mirror/origin-offers.ts'
export type { MirrorHolding } from './provider-mirror/held-archives.ts'
export { ProviderNetworkMirror, type MirrorArchiveEntry } from './provider-mirror/provider-network-mirror.ts'
export { ImportMirrorTree } from './provider-mirror/import-mirror-tree.ts'
export { ManageProviderMirror } from './provider-mirror/manage-provider-mirror.ts'
export { EMPTY_CONFIG, OCI_MEDIA_TYPES } from './oci/oci-media-types.ts'
export { moduleManifestJson, modulePackageKeys, type ModulePackage } from './oci/module-package.ts'
export { parseOciReference, sha256OfDigest, tagOfVersion, type OciReference } from './oci/oci-reference.ts'
export { OciDistribution } from './oci/oci-distribution.ts'
export type { OciDistributionDeps, OciModuleRepository, ServedBlob, ServedManifest, TagPage } from './oci/oci-distribution.ts'
export type { ModulePackageRepository } from './ports/module-package-repository.ts'
export type { ModuleZipper } from './ports/module-zipper.ts'
