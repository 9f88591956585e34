import type { Repositories, UnitOfWork } from '@cairn/core'
import { copyState, emptyState, type InMemoryState } from './in-memory-state.ts'
import { InMemoryTokenRepository } from './in-memory-token-repository.ts'
import { InMemoryToolVersionRepository } from './in-memory-tool-version-repository.ts'
import { InMemoryUserRepository } from './in-memory-user-repository.ts'
import { InMemoryWorkspaceRepository } from './in-memory-workspace-repository.ts'

/**
 * Transactions over in-memory state: one at a time, each working on a copy that replaces the
 * state only when the work succeeds, so a failed use case leaves nothing behind.
 */
export class InMemoryUnitOfWork implements UnitOfWork {
  #state: InMemoryState = emptyState()
  #queue: Promise<unknown> = Promise.resolve()

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
}

function repositoriesOver(state: InMemoryState): Repositories {
  return {
    users: new InMemoryUserRepository(state),
    tokens: new InMemoryTokenRepository(state),
    toolVersions: new InMemoryToolVersionRepository(state),
    workspaces: new InMemoryWorkspaceRepository(state),
  }
}
