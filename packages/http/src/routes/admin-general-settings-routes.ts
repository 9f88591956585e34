import type { GeneralSettings } from '@cairn/core'
import { Hono } from 'hono'
import { z } from 'zod'
import { cachedRead } from '../cached-read.ts'
import type { AppEnv, RouteDeps } from '../http-deps.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { readDocument } from '../jsonapi/request-document.ts'
import { attributes, optional, resourceDocument } from '../jsonapi/request-schemas.ts'
import { operation } from '../openapi/operation.ts'
import { oneResource } from '../openapi/responses.ts'

/** The general settings Cairn keeps, by TFE attribute name (those go-tfe reads and writes). */
const SETTINGS = {
  limitUserOrganizationCreation: ['limit-user-organization-creation', optional(z.boolean())],
  apiRateLimitingEnabled: ['api-rate-limiting-enabled', optional(z.boolean())],
  // Kept in an int4 column: a larger number is a 422 naming the attribute, not the store's error.
  apiRateLimit: ['api-rate-limit', optional(z.int32())],
  defaultRemoteStateAccess: ['default-remote-state-access', optional(z.boolean())],
  applyTimeout: ['apply-timeout', optional(z.string())],
  planTimeout: ['plan-timeout', optional(z.string())],
} as const

const SETTINGS_CHANGE = resourceDocument('general-settings', attributes(SETTINGS), { typeMayBeBlank: true })

/** TFE's `admin/general-settings`, mounted under both admin prefixes. */
export function adminGeneralSettingsRoutes(deps: RouteDeps) {
  return new Hono<AppEnv>()
    .get(
      '/',
      operation({
        summary: 'Show the general settings',
        tag: 'admin',
        responses: { 200: oneResource('The settings', 'general-settings') },
      }),
      cachedRead(deps),
      async (c) => jsonApi(c, settingsDocument(await deps.adminGeneralSettings.show(c.var.principal))),
    )
    .patch(
      '/',
      operation({
        summary: 'Change the general settings',
        tag: 'admin',
        body: SETTINGS_CHANGE,
        responses: { 200: oneResource('The settings as changed', 'general-settings') },
      }),
      async (c) => {
        const change = (await readDocument(c, SETTINGS_CHANGE)).data.attributes
        return jsonApi(c, settingsDocument(await deps.adminGeneralSettings.update(change, c.var.principal)))
      },
    )
}

function settingsDocument(settings: GeneralSettings) {
  const attributes = Object.fromEntries(Object.entries(SETTINGS).map(([field, [name]]) => [name, settings[field as keyof GeneralSettings]]))
  return { data: { id: 'general', type: 'general-settings', attributes } }
}
