import type { Workspace, WorkspaceRepository } from '@cairn/core'
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { WorkspaceSchema, type WorkspaceRecord } from '../schema/workspace.schema.ts'
import { translated } from '../translate-error.ts'
import { FRESH } from './read-options.ts'

export class MikroOrmWorkspaceRepository implements WorkspaceRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async findById(id: string): Promise<Workspace | undefined> {
    const record = await this.#em.findOne(WorkspaceSchema, { id }, FRESH)
    return record === null ? undefined : toWorkspace(record)
  }

  async add(workspace: Workspace): Promise<void> {
    await translated(() =>
      this.#em.insert(WorkspaceSchema, {
        id: workspace.id,
        name: workspace.name,
        organizationName: workspace.organizationName,
        toolVersion: workspace.toolVersionId,
        createdAt: workspace.createdAt,
      }),
    )
  }

  async countUsingToolVersion(toolVersionId: string): Promise<number> {
    return this.#em.count(WorkspaceSchema, { toolVersion: toolVersionId })
  }
}

function toWorkspace(record: WorkspaceRecord): Workspace {
  return {
    id: record.id,
    name: record.name,
    organizationName: record.organizationName,
    toolVersionId: record.toolVersion?.id ?? null,
    createdAt: record.createdAt,
  }
}
