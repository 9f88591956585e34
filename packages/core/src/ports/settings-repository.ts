import type { GeneralSettings } from '../settings/general-settings.ts'

/** The site-wide settings, one record. */
export interface SettingsRepository {
  /** The stored general settings, or undefined while nobody has changed them. */
  findGeneral(): Promise<GeneralSettings | undefined>
  /** Stores the general settings, replacing any earlier ones. */
  saveGeneral(settings: GeneralSettings): Promise<void>
}
