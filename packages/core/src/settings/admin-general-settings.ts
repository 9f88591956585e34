import { assertSiteAdmin, type Principal } from '../auth/principal.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { changeGeneralSettings, DEFAULT_GENERAL_SETTINGS, type GeneralSettings } from './general-settings.ts'

/** The settings in force: the stored ones, or the defaults while nobody has changed them. */
export async function generalSettings(repositories: Repositories): Promise<GeneralSettings> {
  return (await repositories.settings.findGeneral()) ?? DEFAULT_GENERAL_SETTINGS
}

/** Site administrators read and change the general settings; everyone else gets `not_found`. */
export class AdminGeneralSettings {
  readonly #deps: Pick<UseCaseDeps, 'unitOfWork'>

  constructor(deps: Pick<UseCaseDeps, 'unitOfWork'>) {
    this.#deps = deps
  }

  show(principal: Principal): Promise<GeneralSettings> {
    assertSiteAdmin(principal)
    return this.#deps.unitOfWork.read(generalSettings)
  }

  /** Raises `invalid` naming every bad field; nothing changes then. */
  update(change: Partial<GeneralSettings>, principal: Principal): Promise<GeneralSettings> {
    assertSiteAdmin(principal)
    return this.#deps.unitOfWork.run(async (repositories) => {
      const changed = changeGeneralSettings(await generalSettings(repositories), change)
      await repositories.settings.saveGeneral(changed)
      return changed
    })
  }
}
