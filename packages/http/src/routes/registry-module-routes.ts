import { CairnError, isRegistryName, type ModuleAddress } from '@cairn/core'
import { Hono, type Context } from 'hono'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { readAttributes, requireAttributes } from '../jsonapi/attributes.ts'
import { listDocument } from '../jsonapi/documents.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { parsePageRequest } from '../jsonapi/pagination.ts'
import { appRoot } from '../jsonapi/public-url.ts'
import { optionalText, parseInclude, queryError } from '../jsonapi/query-parameters.ts'
import { isObject, readResource } from '../jsonapi/request-document.ts'
import { moduleVersionResource } from '../resources/module-version-resource.ts'
import { noCodeModuleResource, registryModuleResource } from '../resources/registry-module-resource.ts'

const NEW_MODULE = {
  name: { name: 'name', kind: 'string' },
  provider: { name: 'provider', kind: 'string' },
  namespace: { name: 'namespace', kind: 'string' },
  registryName: { name: 'registry-name', kind: 'string' },
  noCode: { name: 'no-code', kind: 'boolean' },
} as const

const NEW_VERSION = {
  version: { name: 'version', kind: 'string' },
  commitSha: { name: 'commit-sha', kind: 'string-or-null' },
} as const

const VCS_UPDATE = {
  branch: { name: 'branch', kind: 'string' },
  tags: { name: 'tags', kind: 'boolean' },
  sourceDirectory: { name: 'source-directory', kind: 'string' },
  tagPrefix: { name: 'tag-prefix', kind: 'string' },
} as const
const TEST_CONFIG = { testsEnabled: { name: 'tests-enabled', kind: 'boolean' } } as const
const NO_CODE = { noCode: { name: 'no-code', kind: 'boolean' } } as const

type Params = { org?: string; registry?: string; namespace?: string; name?: string; provider?: string }

/** The `version` and `commit-sha` of a create-version request. */
export async function readNewVersion(c: Context<AppEnv>): Promise<{ version: string; commitSha: string | null }> {
  const values = readAttributes((await readResource(c, 'registry-module-versions')).attributes, NEW_VERSION)
  requireAttributes(values, NEW_VERSION, ['version'])
  return { version: values.version ?? '', commitSha: values.commitSha ?? null }
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
export function registryModuleRoutes(deps: HttpDeps) {
  const { registryModules: modules, moduleVersions: versions } = deps
  const at = '/organizations/:org/registry-modules'
  const one = `${at}/:registry/:namespace/:name/:provider`
  const routes = new Hono<AppEnv>()
  // The spec writes the update path with a trailing slash; clients send it both ways.
  for (const path of [one, `${one}/`]) {
    routes.patch(path, async (c) => {
      const resource = await readResource(c, 'registry-modules')
      const vcs = readAttributes(nested(resource.attributes, 'vcs-repo'), VCS_UPDATE, '/data/attributes/vcs-repo')
      const tests = readAttributes(nested(resource.attributes, 'test-config'), TEST_CONFIG, '/data/attributes/test-config')
      const noCode = readAttributes(resource.attributes, NO_CODE)
      const view = await modules.update({ ...addressOf(c.req.param()), ...vcs, ...tests, ...noCode }, c.var.principal)
      return jsonApi(c, { data: registryModuleResource(view, appRoot(c, deps)) })
    })
  }
  return routes
    .get(at, async (c) => {
      const include = parseInclude(c.req.query('include'), ['no-code-modules'] as const)
      const search = optionalText(c.req.query('q'))
      const registryName = optionalText(c.req.query('filter[registry_name]'))
      const provider = optionalText(c.req.query('filter[provider]'))
      const organizationFilter = optionalText(c.req.query('filter[organization_name]'))
      if (registryName !== undefined && !isRegistryName(registryName)) {
        throw queryError('filter[registry_name]', 'must be private or public')
      }
      const page = await modules.list(
        {
          organizationName: c.req.param('org'),
          ...(search !== undefined && { search }),
          ...(registryName !== undefined && { registryName }),
          ...(provider !== undefined && { provider }),
          page: parsePageRequest((name) => c.req.query(name)),
        },
        c.var.principal,
      )
      // Every module listed here belongs to the organization in the path: another organization's
      // name filters out everything, and the pagination counts say so too.
      const filtered = organizationFilter === undefined || organizationFilter === c.req.param('org') ? page : { ...page, items: [], total: 0 }
      const included = include.includes('no-code-modules')
        ? filtered.items.filter((view) => view.module.noCode).map((view) => noCodeModuleResource(view.module))
        : []
      return jsonApi(c, listDocument(c, deps.baseUrl, filtered, filtered.items.map((view) => registryModuleResource(view, appRoot(c, deps))), { included }))
    })
    .post(at, async (c) => {
      const values = readAttributes((await readResource(c, 'registry-modules')).attributes, NEW_MODULE)
      requireAttributes(values, NEW_MODULE, ['name', 'provider'])
      const { registryName, ...rest } = values
      if (registryName !== undefined && !isRegistryName(registryName)) {
        throw CairnError.invalidField('registryName', 'must be private or public')
      }
      const view = await modules.create(
        {
          ...rest,
          organizationName: c.req.param('org'),
          name: values.name ?? '',
          provider: values.provider ?? '',
          ...(registryName !== undefined && { registryName }),
        },
        c.var.principal,
      )
      return jsonApi(c, { data: registryModuleResource(view, appRoot(c, deps)) }, 201)
    })
    .get(`${one}`, async (c) => jsonApi(c, { data: registryModuleResource(await modules.show(addressOf(c.req.param()), c.var.principal), appRoot(c, deps)) }))
    .delete(`${at}/:registry/:namespace/:name`, async (c) => {
      await modules.removeModule(addressOf(c.req.param()), c.var.principal)
      return c.body(null, 204)
    })
    .delete(one, async (c) => {
      await modules.removeProvider(addressOf(c.req.param()), c.var.principal)
      return c.body(null, 204)
    })
    .delete(`${one}/:version`, async (c) => {
      await modules.removeVersion({ ...addressOf(c.req.param()), version: c.req.param('version') }, c.var.principal)
      return c.body(null, 204)
    })
    .post(`${one}/versions`, async (c) => {
      const created = await versions.create({ ...addressOf(c.req.param()), ...(await readNewVersion(c)) }, c.var.principal)
      return jsonApi(c, { data: moduleVersionResource(created, uploadBase(c, deps)) }, 201)
    })
    .get(`${one}/version`, async (c) => {
      const version = c.req.query('module_version')
      if (version === undefined || version === '') throw queryError('module_version', 'is required')
      const shown = await versions.show({ ...addressOf(c.req.param()), version }, c.var.principal)
      return jsonApi(c, { data: moduleVersionResource(shown, uploadBase(c, deps)) })
    })
    .get('/registry-modules/:id', async (c) => {
      const view = await modules.showById({ id: c.req.param('id') }, c.var.principal)
      return jsonApi(c, { data: registryModuleResource(view, appRoot(c, deps)) })
    })
}

/** A nested attribute object (`vcs-repo`, `test-config`); absent or null reads as empty. */
export function nested(attributes: Readonly<Record<string, unknown>>, name: string): Readonly<Record<string, unknown>> {
  const value = attributes[name]
  if (value === undefined || value === null) return {}
  if (!isObject(value)) throw CairnError.invalidField(`/data/attributes/${name}`, 'must be an object')
  return value
}
