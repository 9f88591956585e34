import { DEFAULT_GENERAL_SETTINGS } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { useStore, type StoreHarness } from './store-harness.ts'

export function settingsRepositoryContract(name: string, open: StoreHarness): void {
  describe(`SettingsRepository contract: ${name}`, () => {
    const store = useStore(open)

    it('has no general settings until they are saved, then the last ones saved', async () => {
      await expect(store().run(({ settings }) => settings.findGeneral())).resolves.toBeUndefined()
      const first = { ...DEFAULT_GENERAL_SETTINGS, limitUserOrganizationCreation: false, apiRateLimit: 50 }
      await store().run(({ settings }) => settings.saveGeneral(first))
      await expect(store().run(({ settings }) => settings.findGeneral())).resolves.toEqual(first)
      const second = { ...first, applyTimeout: '2h', planTimeout: '30m', defaultRemoteStateAccess: false }
      await store().run(({ settings }) => settings.saveGeneral(second))
      await expect(store().run(({ settings }) => settings.findGeneral())).resolves.toEqual(second)
    })

    it('keeps nothing of a unit of work that fails', async () => {
      const failing = store().run(async ({ settings }) => {
        await settings.saveGeneral({ ...DEFAULT_GENERAL_SETTINGS, apiRateLimit: 7 })
        throw new Error('rolled back')
      })
      await expect(failing).rejects.toThrow('rolled back')
      await expect(store().run(({ settings }) => settings.findGeneral())).resolves.toBeUndefined()
    })
  })
}
