import type { Repositories, UnitOfWork } from '@cairn/core'
import { IsolationLevel } from '@mikro-orm/core'
import type { SqlEntityManager } from '@mikro-orm/sql'
import { MikroOrmAuditLog } from './repositories/mikro-orm-audit-log.ts'
import { MikroOrmMirroredArchiveRepository } from './repositories/mikro-orm-mirrored-archive-repository.ts'
import { MikroOrmModulePackageRepository } from './repositories/mikro-orm-module-package-repository.ts'
import { MikroOrmGpgKeyRepository } from './repositories/mikro-orm-gpg-key-repository.ts'
import { MikroOrmInitialAdminTokenRepository } from './repositories/mikro-orm-initial-admin-token-repository.ts'
import { MikroOrmMembershipRepository } from './repositories/mikro-orm-membership-repository.ts'
import { MikroOrmModuleCatalog } from './repositories/mikro-orm-module-catalog.ts'
import { MikroOrmModuleHousekeeping } from './repositories/mikro-orm-module-housekeeping.ts'
import { MikroOrmModuleVersionRepository } from './repositories/mikro-orm-module-version-repository.ts'
import { MikroOrmSettingsRepository } from './repositories/mikro-orm-settings-repository.ts'
import { MikroOrmOrganizationRepository } from './repositories/mikro-orm-organization-repository.ts'
import { MikroOrmProviderPlatformRepository } from './repositories/mikro-orm-provider-platform-repository.ts'
import { MikroOrmProviderVersionRepository } from './repositories/mikro-orm-provider-version-repository.ts'
import { MikroOrmRegistryModuleRepository } from './repositories/mikro-orm-registry-module-repository.ts'
import { MikroOrmRegistryProviderRepository } from './repositories/mikro-orm-registry-provider-repository.ts'
import { MikroOrmRunRepository } from './repositories/mikro-orm-run-repository.ts'
import { MikroOrmSessionRepository } from './repositories/mikro-orm-session-repository.ts'
import { MikroOrmLoginCodeRepository } from './repositories/mikro-orm-login-code-repository.ts'
import { MikroOrmTeamMemberRepository } from './repositories/mikro-orm-team-member-repository.ts'
import { MikroOrmTeamRepository } from './repositories/mikro-orm-team-repository.ts'
import { MikroOrmTokenRepository } from './repositories/mikro-orm-token-repository.ts'
import { MikroOrmToolVersionRepository } from './repositories/mikro-orm-tool-version-repository.ts'
import { MikroOrmUserRepository } from './repositories/mikro-orm-user-repository.ts'
import { MikroOrmVcsConnectionRepository } from './repositories/mikro-orm-vcs-connection-repository.ts'
import { MikroOrmWorkspaceRepository } from './repositories/mikro-orm-workspace-repository.ts'
import { isSerializationFailure, translateError, translateTransactionError } from './translate-error.ts'

/**
 * How many times a unit of work is tried before a serialization failure is answered `unavailable`.
 * Two writers of one kind (two user deletions) both update a kept-counts row, and PostgreSQL may
 * abort both as pivots, again and again while their retries overlap: the waits (up to 2.5 s in
 * all) must outlast a transaction on a loaded machine for one of them to go first.
 */
export const SERIALIZATION_ATTEMPTS = 8

/** The longest wait before the first retry, in milliseconds; it doubles before each later one. */
const FIRST_BACKOFF_MS = 20

/**
 * One database transaction per unit of work, on a fresh entity-manager fork so that no state is
 * shared between requests. Repositories see only the transaction's entity manager: on PGlite,
 * with its single connection, a query through any other would wait forever.
 *
 * Transactions are SERIALIZABLE: use cases read, decide, then write whole rows (suspend a user who
 * is not suspended yet, delete an owner who is not the last one), and under READ COMMITTED two of
 * them could each decide on a state the other was changing. PostgreSQL aborts one of them instead,
 * with a serialization failure or a deadlock, and the work runs again in a new transaction, which
 * is safe because work touches nothing but the repositories (the `UnitOfWork` contract). PGlite's
 * driver ignores the isolation level; its transactions take turns, which is serial already.
 */
export class MikroOrmUnitOfWork implements UnitOfWork {
  readonly #em: SqlEntityManager
  #queue: Promise<unknown> = Promise.resolve()
  readonly #serialize: boolean

  /** `serialize` runs transactions one at a time, for a store with a single connection. */
  constructor(em: SqlEntityManager, options: { serialize: boolean }) {
    this.#em = em
    this.#serialize = options.serialize
  }

  run<T>(work: (repositories: Repositories) => Promise<T>): Promise<T> {
    return this.#retrying(() => this.#attempt(work))
  }

  /**
   * Plain autocommit statements on a fresh fork: each sees what was committed when it started,
   * and costs one round trip, with no BEGIN, COMMIT or retry. On PGlite they still wait their turn
   * behind its single connection.
   */
  read<T>(work: (repositories: Repositories) => Promise<T>): Promise<T> {
    return this.#queued(() =>
      work(repositoriesOver(this.#em.fork())).catch((error: unknown) => {
        throw translateError(error)
      }),
    )
  }

  /**
   * As `read`, with no BEGIN or COMMIT: on PostgreSQL a statement of `executePrepared` runs
   * prepared, where inside a transaction MikroORM would inline its values (a batch of download
   * counts is tens of kilobytes of JSON to escape on the server's thread and to parse again). A
   * statement that deadlocked with a concurrent transaction (a deletion cascading to the rows it
   * writes) landed nothing, so it runs again, as `run` would.
   */
  autocommit<T>(work: (repositories: Repositories) => Promise<T>): Promise<T> {
    return this.#retrying(() => work(repositoriesOver(this.#em.fork())))
  }

  /** `attempt`, in turn, run again after each collision (`retried`), its failures translated. */
  #retrying<T>(attempt: () => Promise<T>): Promise<T> {
    return this.#queued(() =>
      retried(attempt).catch((error: unknown) => {
        throw translateTransactionError(error)
      }),
    )
  }

  #queued<T>(job: () => Promise<T>): Promise<T> {
    if (!this.#serialize) return job()
    const result = this.#queue.then(job)
    this.#queue = result.catch(() => undefined)
    return result
  }

  #attempt<T>(work: (repositories: Repositories) => Promise<T>): Promise<T> {
    const options = { isolationLevel: IsolationLevel.SERIALIZABLE }
    return this.#em.fork().transactional((em) => work(repositoriesOver(em)), options)
  }
}

/**
 * Runs `attempt` until it does not fail with a serialization failure, at most
 * `SERIALIZATION_ATTEMPTS` times, waiting a random time before each retry (full jitter, doubling)
 * so that the transactions that collided do not collide again in step.
 */
async function retried<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tried = 1; ; tried += 1) {
    try {
      return await attempt()
    } catch (error) {
      if (tried >= SERIALIZATION_ATTEMPTS || !isSerializationFailure(error)) throw error
    }
    await new Promise((resolve) => setTimeout(resolve, Math.random() * FIRST_BACKOFF_MS * 2 ** (tried - 1)))
  }
}

function repositoriesOver(em: SqlEntityManager): Repositories {
  return {
    users: new MikroOrmUserRepository(em),
    tokens: new MikroOrmTokenRepository(em),
    sessions: new MikroOrmSessionRepository(em),
    loginCodes: new MikroOrmLoginCodeRepository(em),
    organizations: new MikroOrmOrganizationRepository(em),
    memberships: new MikroOrmMembershipRepository(em),
    teams: new MikroOrmTeamRepository(em),
    teamMembers: new MikroOrmTeamMemberRepository(em),
    toolVersions: new MikroOrmToolVersionRepository(em),
    workspaces: new MikroOrmWorkspaceRepository(em),
    runs: new MikroOrmRunRepository(em),
    registryModules: new MikroOrmRegistryModuleRepository(em),
    moduleVersions: new MikroOrmModuleVersionRepository(em),
    moduleCatalog: new MikroOrmModuleCatalog(em),
    moduleHousekeeping: new MikroOrmModuleHousekeeping(em),
    auditLog: new MikroOrmAuditLog(em),
    initialAdminTokens: new MikroOrmInitialAdminTokenRepository(em),
    settings: new MikroOrmSettingsRepository(em),
    vcsConnections: new MikroOrmVcsConnectionRepository(em),
    registryProviders: new MikroOrmRegistryProviderRepository(em),
    providerVersions: new MikroOrmProviderVersionRepository(em),
    providerPlatforms: new MikroOrmProviderPlatformRepository(em),
    gpgKeys: new MikroOrmGpgKeyRepository(em),
    mirroredArchives: new MikroOrmMirroredArchiveRepository(em),
    modulePackages: new MikroOrmModulePackageRepository(em),
  }
}
