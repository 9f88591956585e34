import { Hono } from 'hono'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { operation } from '../openapi/operation.ts'
import { noContent } from '../openapi/responses.ts'

const WEBHOOK = operation({
  summary: 'Receive a push notification',
  description: 'The token in the path is the module’s webhook secret.',
  tag: 'vcs',
  security: [],
  responses: { 202: noContent('A sync is queued') },
})

/** Where git hosts send push notifications; the token in the path is the module's secret. */
export const VCS_WEBHOOKS = '/webhooks/vcs'

/**
 * A module's inbound webhook: any POST carrying a genuine token queues a sync of the module (202);
 * a forged token is 404 and queues nothing. Git hosts send no bearer token, so the path itself
 * authenticates: the module is found by a one-way digest of the token, so neither the stored
 * digest nor the lookup's timing gives the token away.
 */
export function vcsWebhookRoutes(deps: HttpDeps) {
  return new Hono<AppEnv>().post('/:token', WEBHOOK, async (c) => {
    await deps.receiveVcsWebhook.execute({ token: c.req.param('token') })
    return c.body(null, 202)
  })
}
