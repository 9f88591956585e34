import { CairnError, type Page, type PageRequest, type Run, type RunRepository } from '@cairn/core'
import { compareText, pageOf, type InMemoryState } from './in-memory-state.ts'

export class InMemoryRunRepository implements RunRepository {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async findById(id: string): Promise<Run | undefined> {
    return this.#state.runs.get(id)
  }

  async findByIds(ids: readonly string[]): Promise<Run[]> {
    return ids.flatMap((id) => this.#state.runs.get(id) ?? [])
  }

  async listByWorkspace(workspaceId: string, page: PageRequest): Promise<Page<Run>> {
    const runs = [...this.#state.runs.values()]
      .filter((run) => run.workspaceId === workspaceId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || compareText(b.id, a.id))
    return pageOf(runs, page)
  }

  async add(run: Run): Promise<void> {
    if (!this.#state.workspaces.has(run.workspaceId)) throw CairnError.notFound('workspace')
    this.#state.runs.set(run.id, run)
  }

  async update(run: Run): Promise<void> {
    if (!this.#state.runs.has(run.id)) throw CairnError.notFound('run')
    this.#state.runs.set(run.id, run)
  }
}
