import type { GeneralSettings, SettingsRepository } from '@cairn/core'
import type { InMemoryState } from './in-memory-state.ts'

export class InMemorySettingsRepository implements SettingsRepository {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async findGeneral(): Promise<GeneralSettings | undefined> {
    return this.#state.generalSettings
  }

  async saveGeneral(settings: GeneralSettings): Promise<void> {
    this.#state.generalSettings = settings
  }
}
