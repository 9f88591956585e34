import { CairnError, type ModuleAddress, type UserPrincipal } from '@cairn/core'
import type { Context } from 'hono'
import type { WebEnv } from '../web-deps.ts'

/** The signed-in user; pages of modules are for them only. */
export function signedIn(c: Context<WebEnv>): UserPrincipal {
  if (c.var.user === undefined) throw new CairnError('unauthenticated', 'sign in to see this page')
  return c.var.user
}

/** The private module provider the path names (`/:org/:name/:provider`). */
export function targetOf(c: Context<WebEnv>): { organizationName: string; address: ModuleAddress } {
  const organizationName = c.req.param('org') ?? ''
  const address = {
    registryName: 'private',
    namespace: organizationName,
    name: c.req.param('name') ?? '',
    provider: c.req.param('provider') ?? '',
  } as const
  return { organizationName, address }
}
