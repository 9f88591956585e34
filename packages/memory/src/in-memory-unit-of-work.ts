import type { Repositories, UnitOfWork } from '@cairn/core'
import { copyState, emptyState, type InMemoryState } from './in-memory-state.ts'
import { InMemoryTokenRepository } from './in-memory-token-repository.ts'
import { InMemoryToolVersionRepository } from './in-memory-tool-version-repository.ts'
import { InMemoryUserRepository } from './in-memory-user-repository.ts'
import { InMemoryWorkspaceRepository } from './in-memory-workspace-repository.ts'
import { InMemoryAuditLog } from './in-memory-audit-log.ts'
import { InMemoryInitialAdminTokenRepository } from './in-memory-initial-admin-token-repository.ts'
import { InMemoryMembershipRepository } from './in-memory-membership-repository.ts'
import { InMemoryModuleCatalog } from './in-memory-module-catalog.ts'
import { InMemoryModuleHousekeeping } from './in-memory-module-housekeeping.ts'
import { InMemoryModuleVersionRepository } from './in-memory-module-version-repository.ts'
import { InMemoryGpgKeyRepository } from './in-memory-gpg-key-repository.ts'
import { InMemoryOrganizationRepository } from './in-memory-organization-repository.ts'
import { InMemoryProviderPlatformRepository } from './in-memory-provider-platform-repository.ts'
import { InMemoryMirroredArchiveRepository } from './in-memory-mirrored-archive-repository.ts'
import { InMemoryModulePackageRepository } from './in-memory-module-package-repository.ts'
import { InMemoryProviderVersionRepository } from './in-memory-provider-version-repository.ts'
import { InMemoryRegistryProviderRepository } from './in-memory-registry-provider-repository.ts'
import { InMemoryRegistryModuleRepository } from './in-memory-registry-module-repository.ts'
import { InMemoryRunRepository } from './in-memory-run-repository.ts'
import { InMemorySessionRepository } from './in-memory-session-repository.ts'
import { InMemoryLoginCodeRepository } from './in-memory-login-code-repository.ts'
import { InMemorySettingsRepository } from './in-memory-settings-repository.ts'
import { InMemoryTeamMemberRepository } from './in-memory-team-member-repository.ts'
import { InMemoryTeamRepository } from './in-memory-team-repository.ts'
import { InMemoryVcsConnectionRepository } from './in-memory-vcs-connection-repository.ts'

/**
 * Transactions over in-memory state: one at a time, each working on a copy that replaces the
 * state only when the work succeeds, so a failed use case leaves nothing behind.
 */
export class InMemoryUnitOfWork implements UnitOfWork {
  #state: InMemoryState
  #queue: Promise<unknown> = Promise.resolve()

  /** `seed` is state to start from instead of an empty store. */
  constructor(seed: Partial<InMemoryState> = {}) {
    this.#state = { ...emptyState(), ...seed }
  }

  run<T>(work: (repositories: Repositories) => Promise<T>): Promise<T> {
    const result = this.#queue.then(async () => {
      const draft = copyState(this.#state)
      const value = await work(repositoriesOver(draft))
      this.#state = draft
      return value
    })
    this.#queue = result.catch(() => undefined)
    return result
  }

  /** As a unit of work of `run`: writes straight to the state could be lost to one running meanwhile. */
  autocommit<T>(work: (repositories: Repositories) => Promise<T>): Promise<T> {
    return this.run(work)
  }

  /** Reads the committed state directly: a unit of work replaces it only when it succeeds. */
  read<T>(work: (repositories: Repositories) => Promise<T>): Promise<T> {
    return work(repositoriesOver(this.#state))
  }
}

function repositoriesOver(state: InMemoryState): Repositories {
  return {
    users: new InMemoryUserRepository(state),
    tokens: new InMemoryTokenRepository(state),
    sessions: new InMemorySessionRepository(state),
    loginCodes: new InMemoryLoginCodeRepository(state),
    organizations: new InMemoryOrganizationRepository(state),
    memberships: new InMemoryMembershipRepository(state),
    teams: new InMemoryTeamRepository(state),
    teamMembers: new InMemoryTeamMemberRepository(state),
    toolVersions: new InMemoryToolVersionRepository(state),
    workspaces: new InMemoryWorkspaceRepository(state),
    runs: new InMemoryRunRepository(state),
    auditLog: new InMemoryAuditLog(state),
    registryModules: new InMemoryRegistryModuleRepository(state),
    moduleVersions: new InMemoryModuleVersionRepository(state),
    moduleCatalog: new InMemoryModuleCatalog(state),
    moduleHousekeeping: new InMemoryModuleHousekeeping(state),
    initialAdminTokens: new InMemoryInitialAdminTokenRepository(state),
    settings: new InMemorySettingsRepository(state),
    vcsConnections: new InMemoryVcsConnectionRepository(state),
    registryProviders: new InMemoryRegistryProviderRepository(state),
    providerVersions: new InMemoryProviderVersionRepository(state),
    providerPlatforms: new InMemoryProviderPlatformRepository(state),
    gpgKeys: new InMemoryGpgKeyRepository(state),
    mirroredArchives: new InMemoryMirroredArchiveRepository(state),
    modulePackages: new InMemoryModulePackageRepository(state),
  }
}
