import { Hono } from 'hono'
import type { WebDeps, WebEnv } from '../web-deps.ts'
import { providerHref } from '../views/provider-href.ts'
import { providerPage } from '../views/provider-page.ts'
import { setFlash } from './flash.ts'
import { hostOf } from './module-routes.ts'
import { signedIn } from './module-target.ts'
import { frameOf } from './page-frame.ts'
import { allVersionsOf } from './provider-versions-of.ts'

/** The pages of private providers, and deleting their versions. Mounted at /app, behind sign-in. */
export function providerRoutes(deps: WebDeps) {
  return new Hono<WebEnv>()
    .get('/:org/providers/:namespace/:name', async (c) => {
      const principal = signedIn(c)
      const organizationName = c.req.param('org')
      const address = { registryName: 'private', namespace: c.req.param('namespace'), name: c.req.param('name') } as const
      const { provider } = await deps.registryProviders.show({ organizationName, address, includeVersions: false }, principal)
      const versions = await allVersionsOf(deps, provider, principal)
      const trail = [
        ['Organizations', '/app/'],
        [organizationName, `/app/${encodeURIComponent(organizationName)}`],
        [`${provider.namespace}/${provider.name}`, providerHref(provider)],
      ] as const
      const frame = frameOf(c, `${provider.namespace}/${provider.name} (provider)`, trail)
      return c.html(providerPage(frame, { provider, versions, host: hostOf(c, deps) }))
    })
    .post('/:org/providers/:namespace/:name/versions/:version/delete', async (c) => {
      const target = {
        organizationName: c.req.param('org'),
        namespace: c.req.param('namespace'),
        name: c.req.param('name'),
        version: c.req.param('version'),
      }
      await deps.providerVersions.delete(target, signedIn(c))
      // Unlike a module's, a provider outlives its last version: its page stays to return to.
      setFlash(c, { kind: 'version-deleted', version: target.version })
      return c.redirect(providerHref(target), 303)
    })
}
