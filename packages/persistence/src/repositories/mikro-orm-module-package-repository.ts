import type { ModulePackage, ModulePackageRepository } from '@cairn/core'
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { ModulePackageSchema, type ModulePackageRecord } from '../schema/module-package.schema.ts'
import { translated } from '../translate-error.ts'
import { FRESH } from './read-options.ts'

const toPackage = (record: ModulePackageRecord): ModulePackage => ({ ...record })

export class MikroOrmModulePackageRepository implements ModulePackageRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async find(versionId: string, archiveSha256: string): Promise<ModulePackage | undefined> {
    const record = await this.#em.findOne(ModulePackageSchema, { versionId, archiveSha256 }, FRESH)
    return record === null ? undefined : toPackage(record)
  }

  async withDigest(versionIds: readonly string[], sha256: string): Promise<ModulePackage[]> {
    if (versionIds.length === 0) return []
    const records = await this.#em.find(
      ModulePackageSchema,
      { versionId: { $in: [...versionIds] }, $or: [{ manifestSha256: sha256 }, { zipSha256: sha256 }] },
      FRESH,
    )
    return records.map(toPackage)
  }

  async add(modulePackage: ModulePackage): Promise<void> {
    await translated(() => this.#em.insert(ModulePackageSchema, { ...modulePackage }))
  }
}
