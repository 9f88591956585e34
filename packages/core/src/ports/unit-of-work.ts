import type { AuditLog } from './audit-log.ts'
import type { InitialAdminTokenRepository } from './initial-admin-token-repository.ts'
import type { LoginCodeRepository } from './login-code-repository.ts'
import type { MembershipRepository } from './membership-repository.ts'
import type { ModuleCatalog } from './module-catalog.ts'
import type { ModuleHousekeeping } from './module-housekeeping.ts'
import type { ModuleVersionRepository } from './module-version-repository.ts'
import type { GpgKeyRepository } from './gpg-key-repository.ts'
import type { OrganizationRepository } from './organization-repository.ts'
import type { ProviderPlatformRepository } from './provider-platform-repository.ts'
import type { ModulePackageRepository } from './module-package-repository.ts'
import type { MirroredArchiveRepository } from './mirrored-archive-repository.ts'
import type { ProviderVersionRepository } from './provider-version-repository.ts'
import type { RegistryProviderRepository } from './registry-provider-repository.ts'
import type { RegistryModuleRepository } from './registry-module-repository.ts'
import type { RunRepository } from './run-repository.ts'
import type { SessionRepository } from './session-repository.ts'
import type { SettingsRepository } from './settings-repository.ts'
import type { TeamMemberRepository } from './team-member-repository.ts'
import type { TeamRepository } from './team-repository.ts'
import type { TokenRepository } from './token-repository.ts'
import type { ToolVersionRepository } from './tool-version-repository.ts'
import type { UserRepository } from './user-repository.ts'
import type { VcsConnectionRepository } from './vcs-connection-repository.ts'
import type { WorkspaceRepository } from './workspace-repository.ts'

/** Every repository, bound to one transaction. */
export interface Repositories {
  readonly users: UserRepository
  readonly tokens: TokenRepository
  readonly sessions: SessionRepository
  readonly loginCodes: LoginCodeRepository
  readonly organizations: OrganizationRepository
  readonly memberships: MembershipRepository
  readonly teams: TeamRepository
  readonly teamMembers: TeamMemberRepository
  readonly toolVersions: ToolVersionRepository
  readonly workspaces: WorkspaceRepository
  readonly runs: RunRepository
  readonly registryModules: RegistryModuleRepository
  readonly moduleVersions: ModuleVersionRepository
  readonly moduleCatalog: ModuleCatalog
  readonly moduleHousekeeping: ModuleHousekeeping
  readonly registryProviders: RegistryProviderRepository
  readonly providerVersions: ProviderVersionRepository
  readonly providerPlatforms: ProviderPlatformRepository
  readonly gpgKeys: GpgKeyRepository
  readonly mirroredArchives: MirroredArchiveRepository
  readonly modulePackages: ModulePackageRepository
  readonly auditLog: AuditLog
  readonly initialAdminTokens: InitialAdminTokenRepository
  readonly settings: SettingsRepository
  readonly vcsConnections: VcsConnectionRepository
}

/**
 * Runs work against the store: in one transaction, all of whose writes land or none do (`run`);
 * as reads of the committed state (`read`); or as one write committed on its own (`autocommit`).
 */
export interface UnitOfWork {
  /**
   * Runs `work` with repositories bound to a new transaction, commits when it resolves and rolls
   * back when it throws (rethrowing). Raises `unavailable` when the store cannot be reached, or
   * when the transaction keeps colliding with concurrent ones (retry later).
   *
   * `work` may run more than once: a store that detects a conflict with a concurrent transaction
   * rolls the attempt back and runs `work` again in a new one. It must therefore not have side
   * effects outside the repositories (no blob writes, no messages); do those before or after `run`.
   */
  run<T>(work: (repositories: Repositories) => Promise<T>): Promise<T>

  /**
   * Runs read-only `work` with repositories over the committed state, once, without the
   * serializable transaction and retry loop of `run`: for use cases that only look. Raises
   * `unavailable` when the store cannot be reached.
   *
   * Guarantees: every read sees only committed writes (never those of a unit of work still running
   * or rolled back), and sees every write committed before `read` was called. Separate reads of one
   * `work` may see different committed states (a write may land between them), so `work` must not
   * decide anything that a concurrent write could invalidate: a check that guards a write belongs
   * in `run`. `work` must not write; what it writes is not guaranteed to land or to be undone.
   */
  read<T>(work: (repositories: Repositories) => Promise<T>): Promise<T>

  /**
   * Runs `work`, a write of one statement committed on its own, without the serializable
   * transaction of `run`: for a write whose effect holds however it interleaves with others
   * (adding to counters), that decides nothing on what it read and needs undoing with nothing
   * else. Like `run`, it runs `work` again when the statement collided with a concurrent
   * transaction (and so landed nothing), and raises `unavailable` when the store cannot be reached
   * or the collisions go on. A statement whose connection was lost before its answer may have
   * landed all the same.
   */
  autocommit<T>(work: (repositories: Repositories) => Promise<T>): Promise<T>
}
