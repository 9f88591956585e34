import { CairnError, type Workspace, type WorkspaceRepository } from '@cairn/core'
import type { InMemoryState } from './in-memory-state.ts'

export class InMemoryWorkspaceRepository implements WorkspaceRepository {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async findById(id: string): Promise<Workspace | undefined> {
    return this.#state.workspaces.get(id)
  }

  async add(workspace: Workspace): Promise<void> {
    const { toolVersionId } = workspace
    if (toolVersionId !== null && !this.#state.toolVersions.has(toolVersionId)) {
      throw CairnError.invalidField('toolVersion', 'does not exist')
    }
    for (const other of this.#state.workspaces.values()) {
      if (other.organizationName === workspace.organizationName && other.name === workspace.name) {
        throw CairnError.invalidField('name', 'has already been taken')
      }
    }
    this.#state.workspaces.set(workspace.id, workspace)
  }

  async countUsingToolVersion(toolVersionId: string): Promise<number> {
    return countUsing(this.#state, toolVersionId)
  }
}

export function countUsing(state: InMemoryState, toolVersionId: string): number {
  let count = 0
  for (const workspace of state.workspaces.values()) {
    if (workspace.toolVersionId === toolVersionId) count += 1
  }
  return count
}
