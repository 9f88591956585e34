import { ListAuditEvents } from './audit/list-audit-events.ts'
import { AuthenticateToken } from './auth/authenticate-token.ts'
import { CachedCredentials, type CredentialEntry } from './auth/cached-credentials.ts'
import { ManageMemberships } from './organizations/manage-memberships.ts'
import { ManageOrganizations } from './organizations/manage-organizations.ts'
import { ManageTeams } from './organizations/manage-teams.ts'
import { ManageRuns } from './runs/manage-runs.ts'
import { AuthenticateSession } from './sessions/authenticate-session.ts'
import { Impersonation } from './sessions/impersonation.ts'
import { SignIn } from './sessions/sign-in.ts'
import { SignOut } from './sessions/sign-out.ts'
import { ManageRegistryModules, type RegistryModulesDeps } from './modules/manage-registry-modules.ts'
import { ModuleRegistryProtocol } from './modules/module-registry-protocol.ts'
import { ModuleVersions, type ModuleVersionsDeps } from './modules/module-versions.ts'
import { PublicModules, type PublicModulesDeps } from './modules/public-modules.ts'
import { SweepOrphanBlobs } from './modules/sweep-orphan-blobs.ts'
import type { CredentialCache } from './ports/credential-cache.ts'
import type { UseCaseDeps } from './shared/use-case-deps.ts'
import { CreateUserToken } from './tokens/create-user-token.ts'
import { ListUserTokens } from './tokens/list-user-tokens.ts'
import { ManageServiceTokens } from './tokens/manage-service-tokens.ts'
import { RevokeToken } from './tokens/revoke-token.ts'
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

/** Every port and setting the use cases need. */
export type CairnPorts = UseCaseDeps &
  RegistryModulesDeps &
  ModuleVersionsDeps &
  PublicModulesDeps &
  InitialAdminDeps & { readonly credentialCache: CredentialCache<CredentialEntry> }

/** Every use case over one set of ports: what an embedding service or an adapter calls. */
export function createUseCases(ports: CairnPorts) {
  const credentials = new CachedCredentials(ports.credentialCache)
  const deps = { ...ports, credentials, unitOfWork: credentials.invalidating(ports.unitOfWork) }
  const authenticateToken = new AuthenticateToken(deps)
  return {
    authenticateToken,
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
    adminWorkspaces: new AdminWorkspaces(deps),
    auditEvents: new ListAuditEvents(deps),
    organizations: new ManageOrganizations(deps),
    memberships: new ManageMemberships(deps),
    teams: new ManageTeams(deps),
    serviceTokens: new ManageServiceTokens(deps),
    userTokens: { create: new CreateUserToken(deps), list: new ListUserTokens(deps), revoke: new RevokeToken(deps) },
    workspaces: new ManageWorkspaces(deps),
    runs: new ManageRuns(deps),
    registryModules: new ManageRegistryModules(deps),
    moduleVersions: new ModuleVersions(deps),
    moduleRegistry: new ModuleRegistryProtocol(deps),
    sweepOrphanBlobs: new SweepOrphanBlobs(deps),
    publicModules: new PublicModules(deps),
  }
}

export type UseCases = ReturnType<typeof createUseCases>
