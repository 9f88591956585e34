import { defineEntity, p, type InferEntity } from '@mikro-orm/core'
import { BYTE_ORDER } from './collation.ts'

/** The admin API's general settings: one row (id `general`), absent until first changed. */
export const GeneralSettingsSchema = defineEntity({
  name: 'GeneralSettingsRecord',
  tableName: 'general_settings',
  properties: {
    id: p.string().primary().collation(BYTE_ORDER),
    limitUserOrganizationCreation: p.boolean(),
    apiRateLimitingEnabled: p.boolean(),
    apiRateLimit: p.integer(),
    defaultRemoteStateAccess: p.boolean(),
    applyTimeout: p.string(),
    planTimeout: p.string(),
  },
})

export type GeneralSettingsRecord = InferEntity<typeof GeneralSettingsSchema>
