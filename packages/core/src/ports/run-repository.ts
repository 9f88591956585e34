import type { Run } from '../runs/run.ts'
import type { Page, PageRequest } from '../shared/page.ts'

/** Runs, stored. */
export interface RunRepository {
  findById(id: string): Promise<Run | undefined>
  findByIds(ids: readonly string[]): Promise<Run[]>
  /** A page of a workspace's runs, newest first. */
  listByWorkspace(workspaceId: string, page: PageRequest): Promise<Page<Run>>
  add(run: Run): Promise<void>
  update(run: Run): Promise<void>
}
