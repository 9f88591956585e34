import type { CredentialCache } from '../ports/credential-cache.ts'
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.ts'
import type { OperatorPrincipal, Principal } from './principal.ts'

/** What authenticating a token found: the hash its secret must match, and who it acts for. */
export interface CredentialEntry {
  readonly secretHash: string
  readonly principal: Exclude<Principal, OperatorPrincipal>
}

/**
 * Token id → credential, cleared by every unit of work of this process (`invalidating`): a
 * revoked token, a suspended, deleted or demoted user, a changed membership or team is refused or
 * seen on the very next request. Clearing on every write rather than tracking which writes matter
 * keeps it correct as use cases change; writes are rare next to the reads it serves.
 *
 * A load that was running while a unit of work committed may have read the state before it, so
 * its result is not kept: the generation counts the clearings, and a load keeps its entry only if
 * none happened while it ran.
 */
export class CachedCredentials {
  readonly #cache: CredentialCache<CredentialEntry>
  #generation = 0

  constructor(cache: CredentialCache<CredentialEntry>) {
    this.#cache = cache
  }

  async get(tokenId: string, load: () => Promise<CredentialEntry>): Promise<CredentialEntry> {
    const cached = this.#cache.get(tokenId)
    if (cached !== undefined) return cached
    const generation = this.#generation
    const loaded = await load()
    if (generation === this.#generation) this.#cache.set(tokenId, loaded)
    return loaded
  }

  invalidate(): void {
    this.#generation += 1
    this.#cache.clear()
  }

  /** `unitOfWork` whose units of work clear the credentials once they commit or roll back. */
  invalidating(unitOfWork: UnitOfWork): UnitOfWork {
    return {
      run: async <T>(work: (repositories: Repositories) => Promise<T>): Promise<T> => {
        try {
          return await unitOfWork.run(work)
        } finally {
          this.invalidate()
        }
      },
      read: (work) => unitOfWork.read(work),
    }
  }
}
