import type { Repositories, UnitOfWork } from '@cairn/core'
import type { SqlEntityManager } from '@mikro-orm/sql'
import { MikroOrmAuditLog } from './repositories/mikro-orm-audit-log.ts'
import { MikroOrmMembershipRepository } from './repositories/mikro-orm-membership-repository.ts'
import { MikroOrmOrganizationRepository } from './repositories/mikro-orm-organization-repository.ts'
import { MikroOrmRegistryModuleRepository } from './repositories/mikro-orm-registry-module-repository.ts'
import { MikroOrmRunRepository } from './repositories/mikro-orm-run-repository.ts'
import { MikroOrmSessionRepository } from './repositories/mikro-orm-session-repository.ts'
import { MikroOrmTeamRepository } from './repositories/mikro-orm-team-repository.ts'
import { MikroOrmTokenRepository } from './repositories/mikro-orm-token-repository.ts'
import { MikroOrmToolVersionRepository } from './repositories/mikro-orm-tool-version-repository.ts'
import { MikroOrmUserRepository } from './repositories/mikro-orm-user-repository.ts'
import { MikroOrmWorkspaceRepository } from './repositories/mikro-orm-workspace-repository.ts'
import { translated } from './translate-error.ts'

/**
 * One database transaction per unit of work, on a fresh entity-manager fork so that no state is
 * shared between requests. Repositories see only the transaction's entity manager: on PGlite,
 * with its single connection, a query through any other would wait forever.
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
    const transaction = () =>
      translated(() => this.#em.fork().transactional((em) => work(repositoriesOver(em))))
    if (!this.#serialize) return transaction()
    const result = this.#queue.then(transaction)
    this.#queue = result.catch(() => undefined)
    return result
  }
}

function repositoriesOver(em: SqlEntityManager): Repositories {
  return {
    users: new MikroOrmUserRepository(em),
    tokens: new MikroOrmTokenRepository(em),
    sessions: new MikroOrmSessionRepository(em),
    organizations: new MikroOrmOrganizationRepository(em),
    memberships: new MikroOrmMembershipRepository(em),
    teams: new MikroOrmTeamRepository(em),
    toolVersions: new MikroOrmToolVersionRepository(em),
    workspaces: new MikroOrmWorkspaceRepository(em),
    runs: new MikroOrmRunRepository(em),
    registryModules: new MikroOrmRegistryModuleRepository(em),
    auditLog: new MikroOrmAuditLog(em),
  }
}
