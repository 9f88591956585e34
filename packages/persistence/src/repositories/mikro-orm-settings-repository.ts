import type { GeneralSettings, SettingsRepository } from '@cairn/core'
import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { GeneralSettingsSchema } from '../schema/general-settings.schema.ts'
import { translated } from '../translate-error.ts'
import { FRESH } from './read-options.ts'

const GENERAL = 'general'

export class MikroOrmSettingsRepository implements SettingsRepository {
  readonly #em: EntityManager

  constructor(em: EntityManager) {
    this.#em = em
  }

  async findGeneral(): Promise<GeneralSettings | undefined> {
    const record = await this.#em.findOne(GeneralSettingsSchema, { id: GENERAL }, FRESH)
    if (record === null) return undefined
    const { id: _id, ...settings } = record
    return settings
  }

  async saveGeneral(settings: GeneralSettings): Promise<void> {
    await translated(() => this.#em.upsert(GeneralSettingsSchema, { id: GENERAL, ...settings }))
  }
}
