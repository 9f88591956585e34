import type { GeneralSettings } from '@cairn/core'
import { Hono } from 'hono'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { readAttributes } from '../jsonapi/attributes.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { readResource } from '../jsonapi/request-document.ts'

/** The general settings Cairn keeps, by TFE attribute name (those go-tfe reads and writes). */
const SETTINGS = {
  limitUserOrganizationCreation: { name: 'limit-user-organization-creation', kind: 'boolean' },
  apiRateLimitingEnabled: { name: 'api-rate-limiting-enabled', kind: 'boolean' },
  apiRateLimit: { name: 'api-rate-limit', kind: 'integer' },
  defaultRemoteStateAccess: { name: 'default-remote-state-access', kind: 'boolean' },
  applyTimeout: { name: 'apply-timeout', kind: 'string' },
  planTimeout: { name: 'plan-timeout', kind: 'string' },
} as const

/** TFE's `admin/general-settings`, mounted under both admin prefixes. */
export function adminGeneralSettingsRoutes(deps: HttpDeps) {
  return new Hono<AppEnv>()
    .get('/', async (c) => jsonApi(c, settingsDocument(await deps.adminGeneralSettings.show(c.var.principal))))
    .patch('/', async (c) => {
      const change = readAttributes((await readResource(c, 'general-settings', { typeMayBeBlank: true })).attributes, SETTINGS)
      return jsonApi(c, settingsDocument(await deps.adminGeneralSettings.update(change, c.var.principal)))
    })
}

function settingsDocument(settings: GeneralSettings) {
  const attributes = Object.fromEntries(Object.entries(SETTINGS).map(([field, { name }]) => [name, settings[field as keyof GeneralSettings]]))
  return { data: { id: 'general', type: 'general-settings', attributes } }
}
