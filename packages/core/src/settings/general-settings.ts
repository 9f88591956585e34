import { FieldErrors } from '../errors/field-errors.ts'

/**
 * The site-wide settings of the admin API's general settings. Cairn acts on
 * `limitUserOrganizationCreation`; the others are kept for the clients that read and write them
 * (Cairn runs no plans and has no rate limiter).
 */
export interface GeneralSettings {
  /** Only site administrators may create organizations. */
  readonly limitUserOrganizationCreation: boolean
  readonly apiRateLimitingEnabled: boolean
  readonly apiRateLimit: number
  readonly defaultRemoteStateAccess: boolean
  readonly applyTimeout: string
  readonly planTimeout: string
}

/** A fresh installation's settings: those of the real product. */
export const DEFAULT_GENERAL_SETTINGS: GeneralSettings = {
  limitUserOrganizationCreation: true,
  apiRateLimitingEnabled: true,
  apiRateLimit: 30,
  defaultRemoteStateAccess: true,
  applyTimeout: '24h',
  planTimeout: '2h',
}

// A Go duration of hours and minutes, as the real product accepts for its run timeouts.
const DURATION = /^(?:\d+h)?(?:\d+m)?$/

/** Applies a change, validating each field; raises `invalid` naming every bad one. */
export function changeGeneralSettings(current: GeneralSettings, change: Partial<GeneralSettings>): GeneralSettings {
  const errors = new FieldErrors()
  if (change.apiRateLimit !== undefined && (!Number.isInteger(change.apiRateLimit) || change.apiRateLimit < 1)) {
    errors.add('apiRateLimit', 'must be a positive whole number')
  }
  for (const field of ['applyTimeout', 'planTimeout'] as const) {
    const value = change[field]
    if (value !== undefined && (value === '' || !DURATION.test(value))) errors.add(field, 'must be a duration such as 2h or 30m')
  }
  errors.throwIfAny()
  return { ...current, ...change }
}
