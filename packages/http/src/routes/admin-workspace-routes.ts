import {
  isRunStatus,
  RUN_STATUSES,
  type WorkspaceStatusCounts,
  WORKSPACE_INCLUDES,
  type RunStatus,
  type WorkspaceQuery,
  type WorkspaceSortKey,
  type WorkspacesWithRelated,
  type WorkspaceView,
} from '@cairn/core'
import { Hono } from 'hono'
import { cachedRead } from '../cached-read.ts'
import type { AppEnv, RouteDeps } from '../http-deps.ts'
import { includedOf, listDocument, type ResourceObject } from '../jsonapi/documents.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { parsePageRequest } from '../jsonapi/pagination.ts'
import { optionalText, parseInclude, queryError } from '../jsonapi/query-parameters.ts'
import { organizationResource } from '../resources/organization-resource.ts'
import { runResource } from '../resources/run-resource.ts'
import { userResource } from '../resources/user-resource.ts'
import { workspaceResource } from '../resources/workspace-resource.ts'
import { operation } from '../openapi/operation.ts'
import { noContent, oneResource, PAGE_QUERY, queryParameter, resourceList } from '../openapi/responses.ts'

const INCLUDE = queryParameter('include', 'organization, organization.owners, current_run')
const LIST = operation({
  summary: 'List every workspace',
  tag: 'admin',
  query: [
    INCLUDE,
    queryParameter('q', 'Matches workspace and organization names'),
    queryParameter('filter[current_run][status]', 'Run statuses, comma-separated'),
    queryParameter('sort', 'name, current-run.created-at or latest-change-at; a leading - reverses it'),
    ...PAGE_QUERY,
  ],
  responses: { 200: resourceList('A page of workspaces', 'workspaces') },
})
const SHOW = operation({
  summary: 'Show any workspace',
  tag: 'admin',
  query: [INCLUDE],
  responses: { 200: oneResource('The workspace', 'workspaces') },
})
const DELETE = operation({ summary: 'Delete any workspace', tag: 'admin', responses: { 204: noContent('Deleted') } })

const SORT_KEYS: Readonly<Record<string, WorkspaceSortKey>> = {
  name: 'name',
  'current-run.created-at': 'currentRunCreatedAt',
  'latest-change-at': 'latestChangeAt',
}

/** Spec §4.2, mounted under both admin prefixes. */
export function adminWorkspaceRoutes(deps: RouteDeps) {
  const cached = cachedRead(deps)
  return new Hono<AppEnv>()
    .get('/', LIST, cached, async (c) => {
      const include = parseInclude(c.req.query('include'), WORKSPACE_INCLUDES)
      const search = optionalText(c.req.query('q'))
      const statuses = parseStatuses(c.req.query('filter[current_run][status]'))
      const sort = parseSort(c.req.query('sort'))
      const result = await deps.adminWorkspaces.list(
        {
          ...(search !== undefined && { search }),
          ...(statuses !== undefined && { currentRunStatuses: statuses }),
          ...(sort !== undefined && { sort }),
          page: parsePageRequest((name) => c.req.query(name)),
          include,
        },
        c.var.principal,
      )
      const data = result.page.items.map((view) => workspaceResource(view))
      const meta = { 'status-counts': statusCountsMeta(result.statusCounts) }
      return jsonApi(c, listDocument(c, deps.baseUrl, result.page, data, { meta, included: includedFor(result.page.items, result) }))
    })
    .get('/:id', SHOW, cached, async (c) => {
      const include = parseInclude(c.req.query('include'), WORKSPACE_INCLUDES)
      const result = await deps.adminWorkspaces.show({ id: c.req.param('id'), include }, c.var.principal)
      return jsonApi(c, { data: workspaceResource(result.view), ...includedOf(includedFor([result.view], result)) })
    })
    .delete('/:id', DELETE, async (c) => {
      await deps.adminWorkspaces.destroy({ id: c.req.param('id') }, c.var.principal)
      return c.body(null, 204)
    })
}

/** The included resources: organizations (with their owners as a relationship), owners, runs. */
function includedFor(views: readonly WorkspaceView[], related: WorkspacesWithRelated): ResourceObject[] {
  const included: ResourceObject[] = []
  for (const view of views) {
    const organization = related.organizations.get(view.workspace.organizationName)
    const owners = related.owners.get(view.workspace.organizationName)
    if (organization !== undefined) {
      const resource = organizationResource(organization)
      included.push(
        owners === undefined
          ? resource
          : { ...resource, relationships: { owners: { data: owners.map((owner) => ({ id: owner.id, type: 'users' })) } } },
      )
    }
    for (const owner of owners ?? []) included.push(userResource(owner))
    const run = view.workspace.currentRun && related.currentRuns.get(view.workspace.currentRun.id)
    if (run) included.push(runResource(run))
  }
  return included
}

/** `meta.status-counts`: every run status in the API's spelling (`policy-checked`), `none`, `total`. */
function statusCountsMeta(counts: WorkspaceStatusCounts): Record<string, number> {
  const byStatus = Object.fromEntries(RUN_STATUSES.map((status) => [status.replaceAll('_', '-'), counts.byStatus[status] ?? 0]))
  return { ...byStatus, none: counts.none, total: counts.total }
}

/** `filter[current_run][status]`: a comma list of run statuses; an unknown one is a 422. */
function parseStatuses(raw: string | undefined): RunStatus[] | undefined {
  if (raw === undefined || raw === '') return undefined
  const values = raw
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '')
  const unknown = values.filter((value) => !isRunStatus(value))
  if (unknown.length > 0) {
    throw queryError('filter[current_run][status]', `has unknown run statuses: ${unknown.join(', ')}`, 'invalid')
  }
  return values.filter(isRunStatus)
}

/** `sort`: one of the three keys of spec §2.3, a leading hyphen reversing it. */
function parseSort(raw: string | undefined): WorkspaceQuery['sort'] {
  if (raw === undefined || raw === '') return undefined
  const descending = raw.startsWith('-')
  const key = SORT_KEYS[descending ? raw.slice(1) : raw]
  if (key === undefined) throw queryError('sort', `must be one of ${Object.keys(SORT_KEYS).join(', ')}, optionally with a leading "-"`)
  return { key, descending }
}
