import { CairnError, isRegistryName, type ModuleAddress, type RegistryName } from '@cairn/core'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { cachedRead } from '../cached-read.ts'
import type { AppEnv, HttpDeps, RouteDeps } from '../http-deps.ts'
import { listDocument } from '../jsonapi/documents.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { appRoot } from '../jsonapi/public-url.ts'
import { optionalText, parseInclude, queryError } from '../jsonapi/query-parameters.ts'
import { moduleVersionResource } from '../resources/module-version-resource.ts'
import { noCodeModuleResource, registryModuleResource } from '../resources/registry-module-resource.ts'
import { readDocument } from '../jsonapi/request-document.ts'
import { attributes, emptyWhenAbsent, nullable, optional, resourceDocument } from '../jsonapi/request-schemas.ts'
import { operation } from '../openapi/operation.ts'
import { inFilteredOrganization, registryListQuery } from './registry-list-query.ts'
import { noContent, oneResource, PAGE_QUERY, queryParameter, resourceList } from '../openapi/responses.ts'

const NEW_MODULE = resourceDocument(
  'registry-modules',
  attributes({
    name: ['name', z.string()],
    provider: ['provider', z.string()],
    namespace: ['namespace', optional(z.string())],
    registryName: ['registry-name', optional(z.enum(['private', 'public'] as const satisfies readonly RegistryName[]))],
    noCode: ['no-code', optional(z.boolean())],
  }),
)

/** A new version: `version` (required) and the `commit-sha` it was built from, if any. */
export const NEW_VERSION = resourceDocument(
  'registry-module-versions',
  attributes({ version: ['version', z.string()], commitSha: ['commit-sha', nullable(z.string())] }),
)

const MODULE_CHANGE = resourceDocument(
  'registry-modules',
  attributes({
    vcs: [
      'vcs-repo',
      emptyWhenAbsent(
        attributes({
          branch: ['branch', optional(z.string())],
          tags: ['tags', optional(z.boolean())],
          sourceDirectory: ['source-directory', optional(z.string())],
          tagPrefix: ['tag-prefix', optional(z.string())],
        }),
      ),
    ],
    tests: ['test-config', emptyWhenAbsent(attributes({ testsEnabled: ['tests-enabled', optional(z.boolean())] }))],
    noCode: ['no-code', optional(z.boolean())],
  }),
)

const TAG = 'registry-modules'
const module = oneResource('The module', 'registry-modules')
const version = oneResource('The version; `links.upload` is where its archive goes', 'registry-module-versions')
const LIST = operation({
  summary: 'List an organization’s modules',
  tag: TAG,
  query: [
    queryParameter('q', 'Matches names, providers and namespaces'),
    queryParameter('filter[registry_name]', 'private or public'),
    queryParameter('filter[provider]', 'A provider'),
    queryParameter('filter[organization_name]', 'The organization (any other finds nothing)'),
    queryParameter('include', 'no-code-modules'),
    ...PAGE_QUERY,
  ],
  responses: { 200: resourceList('A page of modules', 'registry-modules') },
})
const CREATE = operation({ summary: 'Create a module', tag: TAG, body: NEW_MODULE, responses: { 201: module } })
const SHOW = operation({ summary: 'Show a module', tag: TAG, responses: { 200: module } })
const UPDATE = operation({
  summary: 'Change a module',
  description: 'Its VCS settings, test settings and no-code flag.',
  tag: TAG,
  body: MODULE_CHANGE,
  responses: { 200: module },
})
const DELETE_MODULE = operation({ summary: 'Delete a module, every provider', tag: TAG, responses: { 204: noContent('Deleted') } })
const DELETE_PROVIDER = operation({ summary: 'Delete a module’s provider', tag: TAG, responses: { 204: noContent('Deleted') } })
const DELETE_VERSION = operation({ summary: 'Delete a module version', tag: TAG, responses: { 204: noContent('Deleted') } })
const CREATE_VERSION = operation({
  summary: 'Create a module version',
  description: 'Then upload its archive with `PUT` to the `links.upload` of the answer.',
  tag: TAG,
  body: NEW_VERSION,
  responses: { 201: version },
})
const SHOW_VERSION = operation({
  summary: 'Show a module version',
  tag: TAG,
  query: [queryParameter('module_version', 'The version', true)],
  responses: { 200: version },
})
const SHOW_BY_ID = operation({ summary: 'Show a module by id', tag: TAG, responses: { 200: module } })

type Params = { org?: string; registry?: string; namespace?: string; name?: string; provider?: string }

/** The `version` and `commit-sha` of a create-version request. */
export async function readNewVersion(c: Context<AppEnv>): Promise<{ version: string; commitSha: string | null }> {
  const { version, commitSha } = (await readDocument(c, NEW_VERSION)).data.attributes
  return { version, commitSha: commitSha ?? null }
}

/** The address named by the path; an unknown registry name is simply not found. */
export function addressOf(params: Params): { organizationName: string; address: ModuleAddress } {
  const registryName = params.registry ?? 'private'
  if (!isRegistryName(registryName)) throw CairnError.notFound('registry module')
  return {
    organizationName: params.org ?? '',
    address: { registryName, namespace: params.namespace ?? '', name: params.name ?? '', provider: params.provider ?? '' },
  }
}

/** Where upload links point: `{upload_url}`, else the server itself. */
export function uploadBase(c: Context<AppEnv>, deps: HttpDeps): URL {
  if (deps.uploadUrl === undefined) return appRoot(c, deps)
  return new URL(deps.uploadUrl.href.endsWith('/') ? deps.uploadUrl.href : `${deps.uploadUrl.href}/`)
}

/** Spec §4.1 without VCS, and what the official Go client also reads. Mounted at /api/v2. */
export function registryModuleRoutes(deps: RouteDeps) {
  const { registryModules: modules, moduleVersions: versions } = deps
  const at = '/organizations/:org/registry-modules'
  const one = `${at}/:registry/:namespace/:name/:provider`
  const cached = cachedRead(deps)
  const routes = new Hono<AppEnv>()
  // The spec writes the update path with a trailing slash; clients send it both ways.
  for (const path of [one, `${one}/`]) {
    routes.patch(path, UPDATE, async (c) => {
      const { vcs, tests, ...noCode } = (await readDocument(c, MODULE_CHANGE)).data.attributes
      const view = await modules.update({ ...addressOf(c.req.param()), ...vcs, ...tests, ...noCode }, c.var.principal)
      return jsonApi(c, { data: registryModuleResource(view, appRoot(c, deps)) })
    })
  }
  return routes
    .get(at, LIST, cached, async (c) => {
      const include = parseInclude(c.req.query('include'), ['no-code-modules'] as const)
      const provider = optionalText(c.req.query('filter[provider]'))
      const page = await modules.list({ ...registryListQuery(c), ...(provider !== undefined && { provider }) }, c.var.principal)
      const filtered = inFilteredOrganization(c, page)
      const included = include.includes('no-code-modules')
        ? filtered.items.filter((view) => view.module.noCode).map((view) => noCodeModuleResource(view.module))
        : []
      return jsonApi(
        c,
        listDocument(
          c,
          deps.baseUrl,
          filtered,
          filtered.items.map((view) => registryModuleResource(view, appRoot(c, deps))),
          { included },
        ),
      )
    })
    .post(at, CREATE, async (c) => {
      const values = (await readDocument(c, NEW_MODULE)).data.attributes
      const view = await modules.create({ ...values, organizationName: c.req.param('org') }, c.var.principal)
      return jsonApi(c, { data: registryModuleResource(view, appRoot(c, deps)) }, 201)
    })
    .get(one, SHOW, cached, async (c) =>
      jsonApi(c, { data: registryModuleResource(await modules.show(addressOf(c.req.param()), c.var.principal), appRoot(c, deps)) }),
    )
    .delete(`${at}/:registry/:namespace/:name`, DELETE_MODULE, async (c) => {
      await modules.removeModule(addressOf(c.req.param()), c.var.principal)
      return c.body(null, 204)
    })
    .delete(one, DELETE_PROVIDER, async (c) => {
      await modules.removeProvider(addressOf(c.req.param()), c.var.principal)
      return c.body(null, 204)
    })
    .delete(`${one}/:version`, DELETE_VERSION, async (c) => {
      await modules.removeVersion({ ...addressOf(c.req.param()), version: c.req.param('version') }, c.var.principal)
      return c.body(null, 204)
    })
    .post(`${one}/versions`, CREATE_VERSION, async (c) => {
      const created = await versions.create({ ...addressOf(c.req.param()), ...(await readNewVersion(c)) }, c.var.principal)
      return jsonApi(c, { data: moduleVersionResource(created, uploadBase(c, deps)) }, 201)
    })
    .get(`${one}/version`, SHOW_VERSION, async (c) => {
      const version = c.req.query('module_version')
      if (version === undefined || version === '') throw queryError('module_version', 'is required')
      const shown = await versions.show({ ...addressOf(c.req.param()), version }, c.var.principal)
      return jsonApi(c, { data: moduleVersionResource(shown, uploadBase(c, deps)) })
    })
    .get('/registry-modules/:id', SHOW_BY_ID, cached, async (c) => {
      const view = await modules.showById({ id: c.req.param('id') }, c.var.principal)
      return jsonApi(c, { data: registryModuleResource(view, appRoot(c, deps)) })
    })
}
