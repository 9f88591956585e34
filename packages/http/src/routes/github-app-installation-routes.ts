import { pageOffset, type GithubAppInstallationView } from '@cairn/core'
import { Hono } from 'hono'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { listDocument, type ResourceObject } from '../jsonapi/documents.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { parsePageRequest } from '../jsonapi/pagination.ts'

/**
 * The installations of the site's GitHub App (go-tfe `GHAInstallations`: list, and read one at
 * the singular `installation/:id`). Mounted at /api/v2.
 */
export function githubAppInstallationRoutes(deps: HttpDeps) {
  return new Hono<AppEnv>()
    .get('/github-app/installations', async (c) => {
      const request = parsePageRequest((name) => c.req.query(name))
      const all = await deps.githubAppInstallations.list(c.var.principal)
      const start = pageOffset(request)
      const page = { items: all.slice(start, start + request.size), total: all.length, request }
      return jsonApi(c, listDocument(c, deps.baseUrl, page, page.items.map(installationResource)))
    })
    .get('/github-app/installation/:id', async (c) => {
      const view = await deps.githubAppInstallations.show(c.req.param('id'), c.var.principal)
      return jsonApi(c, { data: installationResource(view) })
    })
}

/** An installation as go-tfe's `GHAInstallation` reads it. */
function installationResource({ id, installation }: GithubAppInstallationView): ResourceObject {
  return {
    id,
    type: 'github-app-installations',
    attributes: {
      name: installation.accountLogin,
      'installation-id': installation.id,
      'installation-type': installation.accountType,
      'installation-url': installation.htmlUrl,
      'icon-url': installation.avatarUrl,
    },
  }
}
