import { pageOffset, type GithubAppInstallationView } from '@cairn/core'
import { Hono } from 'hono'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { listDocument, type ResourceObject } from '../jsonapi/documents.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { parsePageRequest } from '../jsonapi/pagination.ts'
import { operation } from '../openapi/operation.ts'
import { oneResource, PAGE_QUERY, resourceList } from '../openapi/responses.ts'

const TAG = 'vcs'
const LIST = operation({
  summary: 'List the site GitHub App’s installations',
  tag: TAG,
  query: PAGE_QUERY,
  responses: { 200: resourceList('A page of installations', 'github-app-installations') },
})
const SHOW = operation({
  summary: 'Show a GitHub App installation',
  tag: TAG,
  responses: { 200: oneResource('The installation', 'github-app-installations') },
})

/**
 * The installations of the site's GitHub App (go-tfe `GHAInstallations`: list, and read one at
 * the singular `installation/:id`). Mounted at /api/v2.
 */
export function githubAppInstallationRoutes(deps: HttpDeps) {
  return new Hono<AppEnv>()
    .get('/github-app/installations', LIST, async (c) => {
      const request = parsePageRequest((name) => c.req.query(name))
      const all = await deps.githubAppInstallations.list(c.var.principal)
      const start = pageOffset(request)
      const page = { items: all.slice(start, start + request.size), total: all.length, request }
      return jsonApi(c, listDocument(c, deps.baseUrl, page, page.items.map(installationResource)))
    })
    .get('/github-app/installation/:id', SHOW, async (c) => {
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
