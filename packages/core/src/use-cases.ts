import { ListAuditEvents } from './audit/list-audit-events.ts'
import { AuthenticateToken } from './auth/authenticate-token.ts'
import type { CredentialEntry } from './auth/cached-credentials.ts'
import type { ProtocolAnswer } from './modules/protocol-answers.ts'
import { CachedOrganizationAccess, type GrantLookup } from './organizations/cached-organization-access.ts'
import { StoreCache } from './caching/store-cache.ts'
import { StoreWrites, type WriteSignal } from './caching/store-writes.ts'
import { ManageMemberships } from './organizations/manage-memberships.ts'
import { ManageOrganizations } from './organizations/manage-organizations.ts'
import { ManageTeams } from './organizations/manage-teams.ts'
import { ManageRuns } from './runs/manage-runs.ts'
import { AuthenticateSession } from './sessions/authenticate-session.ts'
import { CliLogin } from './login/cli-login.ts'
import { Impersonation } from './sessions/impersonation.ts'
import { SignIn } from './sessions/sign-in.ts'
import { SignOut } from './sessions/sign-out.ts'
import { ManageRegistryModules, type RegistryModulesDeps } from './modules/manage-registry-modules.ts'
import { ModuleRegistryProtocol } from './modules/module-registry-protocol.ts'
import { OciDistribution, type OciDistributionDeps } from './oci/oci-distribution.ts'
import { ModuleVersions, type ModuleVersionsDeps } from './modules/module-versions.ts'
import { PublicModules, type PublicModulesDeps } from './modules/public-modules.ts'
import { SweepOrphanBlobs } from './modules/sweep-orphan-blobs.ts'
import { SweepStuckUploads } from './modules/sweep-stuck-uploads.ts'
import { AdminGeneralSettings } from './settings/admin-general-settings.ts'
import { GpgKeys } from './providers/gpg-keys.ts'
import { ManageRegistryProviders } from './providers/manage-registry-providers.ts'
import type { ProviderRegistryDeps } from './providers/provider-deps.ts'
import { ProviderPlatforms } from './providers/provider-platforms.ts'
import { ProviderRegistryProtocol } from './providers/provider-registry-protocol.ts'
import { ProviderUploads } from './providers/provider-uploads.ts'
import { ProviderVersions } from './providers/provider-versions.ts'
import type { ServedProviderLookup } from './providers/served-provider.ts'
import { ImportMirrorTree } from './provider-mirror/import-mirror-tree.ts'
import { ManageProviderMirror } from './provider-mirror/manage-provider-mirror.ts'
import type { ProviderMirrorDeps } from './provider-mirror/provider-mirror-deps.ts'
import { HeldArchives } from './provider-mirror/held-archives.ts'
import { ProviderNetworkMirror } from './provider-mirror/provider-network-mirror.ts'
import type { ExpiringCache } from './ports/expiring-cache.ts'
import type { StoreChanges } from './ports/store-changes.ts'
import type { SignInAttempts } from './ports/sign-in-attempts.ts'
import type { UseCaseDeps } from './shared/use-case-deps.ts'
import { CreateUserToken } from './tokens/create-user-token.ts'
import { ListUserTokens } from './tokens/list-user-tokens.ts'
import { ManageServiceTokens } from './tokens/manage-service-tokens.ts'
import { ListServiceTokens } from './tokens/list-service-tokens.ts'
import { RevokeToken } from './tokens/revoke-token.ts'
import { TokenUses } from './tokens/token-uses.ts'
import { CreateToolVersion } from './tool-versions/create-tool-version.ts'
import { DeleteToolVersion } from './tool-versions/delete-tool-version.ts'
import { ListToolVersions } from './tool-versions/list-tool-versions.ts'
import { ShowToolVersion } from './tool-versions/show-tool-version.ts'
import { UpdateToolVersion } from './tool-versions/update-tool-version.ts'
import { AdminUsers } from './users/admin-users.ts'
import { CreateUser } from './users/create-user.ts'
import { InitialAdmin, type InitialAdminDeps } from './users/initial-admin.ts'
import { ShowUser } from './users/show-user.ts'
import { AdminWorkspaces } from './workspaces/admin-workspaces.ts'
import { ManageWorkspaces } from './workspaces/manage-workspaces.ts'
import { AnalyseUpload, type AnalyseUploadDeps } from './modules/analyse-upload.ts'
import { IngestVcsVersion, type IngestVcsVersionDeps } from './vcs/ingest-vcs-version.ts'
import { ListGithubAppInstallations } from './vcs/github-app-installations.ts'
import { ListVcsModuleCommits } from './vcs/list-vcs-module-commits.ts'
import { ManageVcsConnections, type ManageVcsConnectionsDeps } from './vcs/manage-vcs-connections.ts'
import { PollVcsModules } from './vcs/poll-vcs-modules.ts'
import { PublishModuleFromVcs, type PublishModuleFromVcsDeps } from './vcs/publish-module-from-vcs.ts'
import { ReceiveVcsWebhook } from './vcs/vcs-webhooks.ts'
import { ResyncVcsModule } from './vcs/resync-vcs-module.ts'
import { SyncVcsTags } from './vcs/sync-vcs-tags.ts'
import { vcsSourceOf } from './vcs/vcs-source.ts'

/** Every port and setting the use cases need. */
export type CairnPorts = UseCaseDeps &
  RegistryModulesDeps &
  ModuleVersionsDeps &
  PublicModulesDeps &
  ProviderRegistryDeps &
  ProviderMirrorDeps &
  InitialAdminDeps &
  ManageVcsConnectionsDeps &
  PublishModuleFromVcsDeps &
  AnalyseUploadDeps &
  Omit<IngestVcsVersionDeps, 'sourceOf'> &
  Omit<OciDistributionDeps, 'packageUnitOfWork' | 'organizationGrants' | 'moduleRegistry'> & {
    readonly credentialCache: ExpiringCache<CredentialEntry>
    /** What the registry protocol served, by module provider and version (`ProtocolAnswers`). */
    readonly protocolCache: ExpiringCache<ProtocolAnswer>
    /** What principals may do in organizations, for read-only use cases. */
    readonly accessCache: ExpiringCache<GrantLookup>
    /** What `providers.v1` served of each provider. */
    readonly providerCache: ExpiringCache<ServedProviderLookup>
    /** How the processes sharing the store hear each other's writes, which clear the caches (`StoreWrites`). */
    readonly storeChanges: StoreChanges
    /** Failed password sign-ins, for backing off. */
    readonly signInAttempts: SignInAttempts
  }

/** Every use case over one set of ports: what an embedding service or an adapter calls. */
export function createUseCases(ports: CairnPorts) {
  const writes = new StoreWrites(ports.storeChanges)
  const credentials = new StoreCache(ports.credentialCache, writes)
  const protocolAnswers = new StoreCache(ports.protocolCache, writes)
  const grants = new StoreCache(ports.accessCache, writes)
  const servedProviders = new StoreCache(ports.providerCache, writes)
  const heldArchives = new HeldArchives(new StoreCache(ports.mirrorCache, writes), ports.unitOfWork)
  const unitOfWork = writes.watch(ports.unitOfWork)
  // Uses are written through the store's own unit of work, which clears no cache, as download counts are.
  const tokenUses = new TokenUses(ports.unitOfWork)
  const deps = { ...ports, credentials, organizationGrants: new CachedOrganizationAccess(grants), unitOfWork, tokenUses }
  const authenticateToken = new AuthenticateToken(deps)
  const storeWrites: WriteSignal = writes
  const moduleRegistry = new ModuleRegistryProtocol({ ...deps, protocolAnswers, countingUnitOfWork: ports.unitOfWork })
  return {
    /** Every write to the store, this process's and the others': what an adapter's own caches of store data clear on. */
    storeWrites,
    authenticateToken,
    /** When tokens were last used, noted in memory: the server flushes it with the download counts. */
    tokenUses,
    authenticateSession: new AuthenticateSession(deps),
    toolVersions: {
      list: new ListToolVersions(deps),
      create: new CreateToolVersion(deps),
      show: new ShowToolVersion(deps),
      update: new UpdateToolVersion(deps),
      remove: new DeleteToolVersion(deps),
    },
    createUser: new CreateUser(deps),
    initialAdmin: new InitialAdmin(deps),
    showUser: new ShowUser(deps),
    adminUsers: new AdminUsers(deps),
    impersonation: new Impersonation(deps),
    signIn: new SignIn({ ...deps, authenticateToken }),
    signOut: new SignOut(deps),
    cliLogin: new CliLogin(deps),
    adminWorkspaces: new AdminWorkspaces(deps),
    adminGeneralSettings: new AdminGeneralSettings(deps),
    auditEvents: new ListAuditEvents(deps),
    organizations: new ManageOrganizations(deps),
    memberships: new ManageMemberships(deps),
    teams: new ManageTeams(deps),
    serviceTokens: new ManageServiceTokens(deps),
    organizationServiceTokens: new ListServiceTokens(deps),
    userTokens: { create: new CreateUserToken(deps), list: new ListUserTokens(deps), revoke: new RevokeToken(deps) },
    workspaces: new ManageWorkspaces(deps),
    runs: new ManageRuns(deps),
    registryModules: new ManageRegistryModules(deps),
    moduleVersions: new ModuleVersions(deps),
    analyseUpload: new AnalyseUpload(deps),
    moduleRegistry,
    ociDistribution: new OciDistribution({ ...deps, packageUnitOfWork: ports.unitOfWork, moduleRegistry }),
    sweepOrphanBlobs: new SweepOrphanBlobs(deps),
    sweepStuckUploads: new SweepStuckUploads(deps),
    publicModules: new PublicModules(deps),
    vcsConnections: new ManageVcsConnections(deps),
    publishFromVcs: new PublishModuleFromVcs(deps),
    resyncVcsModule: new ResyncVcsModule(deps),
    vcsModuleCommits: new ListVcsModuleCommits(deps),
    githubAppInstallations: new ListGithubAppInstallations(deps),
    receiveVcsWebhook: new ReceiveVcsWebhook(deps),
    pollVcsModules: new PollVcsModules(deps),
    vcsJobs: vcsJobsOver(deps),
    registryProviders: new ManageRegistryProviders(deps),
    providerVersions: new ProviderVersions(deps),
    providerPlatforms: new ProviderPlatforms(deps),
    providerUploads: new ProviderUploads(deps),
    gpgKeys: new GpgKeys(deps),
    providerProtocol: new ProviderRegistryProtocol({ ...deps, servedProviders, countingUnitOfWork: ports.unitOfWork }),
    providerMirror: new ProviderNetworkMirror({ ...deps, countingUnitOfWork: ports.unitOfWork, heldArchives }),
    importMirrorTree: new ImportMirrorTree(deps),
    manageProviderMirror: new ManageProviderMirror(deps),
  }
}

export type UseCases = ReturnType<typeof createUseCases>

/** What the VCS jobs run: the sync of a module's tags and the ingestion of a version. */
function vcsJobsOver(deps: CairnPorts) {
  const sourceOf = vcsSourceOf(deps)
  return { sync: new SyncVcsTags({ ...deps, sourceOf }), ingest: new IngestVcsVersion({ ...deps, sourceOf }) }
}
