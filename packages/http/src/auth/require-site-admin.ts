import { assertSiteAdmin, CairnError, impersonatorOf } from '@cairn/core'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../http-deps.ts'

/**
 * Non-administrators get 404 from every admin route, before their request is even read, so that
 * nothing (not a 422 for a bad body) reveals that the route exists. During an impersonation the
 * administrator behind it passes, so that they can end it; use cases then act as the target.
 */
export const requireSiteAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const impersonator = impersonatorOf(c.var.principal)
  if (impersonator === null) assertSiteAdmin(c.var.principal)
  else if (!impersonator.isSiteAdmin) throw CairnError.notFound('resource')
  await next()
})
