import type { Page, PageRequest, Run, RunRepository } from '@cairn/core'
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { RunSchema, type RunRecord } from '../schema/run.schema.ts'
import { translated, updatedOne } from '../translate-error.ts'
import { findPage, pageOf } from './paging.ts'
import { FRESH } from './read-options.ts'

export class MikroOrmRunRepository implements RunRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async findById(id: string): Promise<Run | undefined> {
    const record = await this.#em.findOne(RunSchema, { id }, FRESH)
    return record === null ? undefined : toRun(record)
  }

  async findByIds(ids: readonly string[]): Promise<Run[]> {
    if (ids.length === 0) return []
    const records = await this.#em.find(RunSchema, { id: { $in: [...ids] } }, { ...FRESH, orderBy: { id: 'asc' } })
    return records.map(toRun)
  }

  async listByWorkspace(workspaceId: string, page: PageRequest): Promise<Page<Run>> {
    const found = await findPage(this.#em, RunSchema, { workspace: workspaceId }, { createdAt: 'desc', id: 'desc' }, page)
    return pageOf(found, page, toRun)
  }

  async add(run: Run): Promise<void> {
    await translated(() => this.#em.insert(RunSchema, { id: run.id, ...fieldsOf(run) }))
  }

  async update(run: Run): Promise<void> {
    await updatedOne('run', () => this.#em.nativeUpdate(RunSchema, { id: run.id }, fieldsOf(run)))
  }
}

function fieldsOf(run: Run) {
  return {
    workspace: run.workspaceId,
    status: run.status,
    message: run.message,
    createdAt: run.createdAt,
    statusChangedAt: run.statusChangedAt,
  }
}

function toRun(record: RunRecord): Run {
  return {
    id: record.id,
    workspaceId: record.workspace.id,
    status: record.status,
    message: record.message,
    createdAt: record.createdAt,
    statusChangedAt: record.statusChangedAt,
  }
}
