import { MAX_PAGE_SIZE } from '@cairn/core'
import { Hono } from 'hono'
import { PROVIDER_MIRROR_PATH } from '../views/provider-mirror-href.ts'
import { providerMirrorPage } from '../views/provider-mirror-page.ts'
import type { WebDeps, WebEnv } from '../web-deps.ts'
import { setFlash } from './flash.ts'
import { signedIn } from './module-target.ts'
import { frameOf } from './page-frame.ts'

/** The provider mirror's page, for site admins (everyone else gets the admin API's 404). Mounted at /app. */
export function providerMirrorRoutes(deps: WebDeps) {
  return new Hono<WebEnv>()
    .get('/admin/provider-mirror', async (c) => {
      const requested = Number(c.req.query('page') ?? '1')
      const number = Number.isInteger(requested) && requested > 0 ? requested : 1
      const page = await deps.manageProviderMirror.list({ number, size: MAX_PAGE_SIZE }, signedIn(c))
      return c.html(providerMirrorPage(frameOf(c, 'Provider mirror'), page))
    })
    .post('/admin/provider-mirror/:hostname/:namespace/:type/:version/remove', async (c) => {
      const { hostname, namespace, type, version } = c.req.param()
      await deps.manageProviderMirror.removeVersion({ hostname, namespace, type }, version, signedIn(c))
      setFlash(c, { kind: 'version-deleted', version })
      return c.redirect(PROVIDER_MIRROR_PATH, 303)
    })
}
