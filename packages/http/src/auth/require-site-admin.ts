import { assertSiteAdmin } from '@cairn/core'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../http-deps.ts'

/**
 * Non-administrators get 404 from every admin route, before their request is even read, so that
 * nothing (not a 422 for a bad body) reveals that the route exists.
 */
export const requireSiteAdmin = createMiddleware<AppEnv>(async (c, next) => {
  assertSiteAdmin(c.var.principal)
  await next()
})
