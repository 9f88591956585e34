import type { ModuleCommit } from '@cairn/core'
import { Hono } from 'hono'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { listDocument, type ResourceObject } from '../jsonapi/documents.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { parsePageRequest } from '../jsonapi/pagination.ts'
import { operation } from '../openapi/operation.ts'
import { PAGE_QUERY, resourceList } from '../openapi/responses.ts'
import { addressOf } from './registry-module-routes.ts'

const LIST_COMMITS = operation({
  summary: 'List a VCS module’s latest commits',
  tag: 'registry-modules',
  query: PAGE_QUERY,
  responses: { 200: resourceList('A page of commits, newest first', 'commit') },
})

/**
 * The latest commits of a VCS module's branch (go-tfe `RegistryModules.ListCommits`; the
 * reference's `…/private/:org/:name/:provider/commits`). Mounted at /api/v2.
 */
export function vcsCommitRoutes(deps: HttpDeps) {
  return new Hono<AppEnv>().get(
    '/organizations/:org/registry-modules/private/:namespace/:name/:provider/commits',
    LIST_COMMITS,
    async (c) => {
      const page = await deps.vcsModuleCommits.execute(
        { ...addressOf({ ...c.req.param(), registry: 'private' }), page: parsePageRequest((name) => c.req.query(name)) },
        c.var.principal,
      )
      return jsonApi(c, listDocument(c, deps.baseUrl, page, page.items.map(commitResource)))
    },
  )
}

/** A commit as go-tfe's `Commit` reads it; the git host's API alone knows its author's accounts. */
function commitResource(commit: ModuleCommit): ResourceObject {
  return {
    id: commit.sha,
    type: 'commit',
    attributes: {
      sha: commit.sha,
      date: commit.date.toISOString(),
      url: commit.url,
      author: commit.authorName,
      'author-avatar-url': null,
      'author-html-url': null,
      message: commit.message,
    },
  }
}
