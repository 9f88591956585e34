import { Hono } from 'hono'
import type { AppEnv, HttpDeps } from '../http-deps.ts'

/** Where git hosts send push notifications; the token in the path is the module's secret. */
export const VCS_WEBHOOKS = '/webhooks/vcs'

/**
 * A module's inbound webhook: any POST carrying a genuine token queues a sync of the module (202);
 * a forged token is 404 and queues nothing. Git hosts send no bearer token, so the path itself
 * authenticates, checked in constant time.
 */
export function vcsWebhookRoutes(deps: HttpDeps) {
  return new Hono<AppEnv>().post('/:token', async (c) => {
    await deps.receiveVcsWebhook.execute({ token: c.req.param('token') })
    return c.body(null, 202)
  })
}
