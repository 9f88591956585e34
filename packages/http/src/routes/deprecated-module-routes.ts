import { Hono, type Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { appRoot } from '../jsonapi/public-url.ts'
import { moduleVersionResource } from '../resources/module-version-resource.ts'
import { registryModuleResource } from '../resources/registry-module-resource.ts'
import { NEW_VERSION, readNewVersion, uploadBase } from './registry-module-routes.ts'
import { operation, type Operation } from '../openapi/operation.ts'
import { noContent, oneResource } from '../openapi/responses.ts'

/** The replacement of a deprecated route, from its own path parameters. */
type Successor = (params: Record<string, string>) => string

/**
 * The longest `Link` this sends. The successor of real names is far shorter (names have at most
 * 64 characters, versions 128, all ASCII); a longer one repeats segments that name nothing, and
 * could make a header larger than clients read.
 */
const MAX_LINK_LENGTH = 1024

/**
 * Marks a response as coming from a deprecated route, pointing at its successor (spec §9) when
 * its segments could name one.
 */
export function deprecated(successor: Successor) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next()
    c.res.headers.set('Deprecation', 'true')
    const params = Object.fromEntries(
      Object.entries(c.req.param() as Record<string, string>).map(([name, value]) => [name, encodeURIComponent(value)]),
    )
    const link = `<${c.get('basePath') ?? ''}${successor(params)}>; rel="successor-version"`
    if (link.length <= MAX_LINK_LENGTH) c.res.headers.set('Link', link)
  })
}

const modulePath = (p: Record<string, string>) => `/api/v2/organizations/${p['org']}/registry-modules/private/${p['org']}/${p['name']}`

/** A private module's address from a deprecated path, where the namespace is the organization. */
function privateAddress(c: Context<AppEnv>) {
  const org = c.req.param('org') ?? ''
  const address = {
    registryName: 'private' as const,
    namespace: org,
    name: c.req.param('name') ?? '',
    provider: c.req.param('provider') ?? '',
  }
  return { organizationName: org, address }
}

/**
 * The deprecated routes of spec §9 that the official Go client still calls: each behaves like its
 * replacement and says so in `Deprecation` and `Link: rel="successor-version"`. Mounted at /api/v2.
 */
export function deprecatedModuleRoutes(deps: HttpDeps) {
  const { registryModules: modules, moduleVersions: versions } = deps
  const remove = '/registry-modules/actions/delete/:org/:name'
  const old = (summary: string, responses: Operation['responses']) =>
    operation({ summary: `${summary} (deprecated path)`, deprecated: true, tag: 'registry-modules', responses })
  return new Hono<AppEnv>()
    .post(
      '/registry-modules/:org/:name/:provider/versions',
      operation({
        summary: 'Create a module version (deprecated path)',
        deprecated: true,
        tag: 'registry-modules',
        body: NEW_VERSION,
        responses: { 201: oneResource('The version', 'registry-module-versions') },
      }),
      deprecated((p) => `${modulePath(p)}/${p['provider']}/versions`),
      async (c) => {
        const created = await versions.create({ ...privateAddress(c), ...(await readNewVersion(c)) }, c.var.principal)
        return jsonApi(c, { data: moduleVersionResource(created, uploadBase(c, deps)) }, 201)
      },
    )
    .get(
      '/registry-modules/show/:org/:name/:provider',
      old('Show a module', { 200: oneResource('The module', 'registry-modules') }),
      deprecated((p) => `${modulePath(p)}/${p['provider']}`),
      async (c) => jsonApi(c, { data: registryModuleResource(await modules.show(privateAddress(c), c.var.principal), appRoot(c, deps)) }),
    )
    .post(remove, old('Delete a module', { 204: noContent('Deleted') }), deprecated(modulePath), async (c) => {
      await modules.removeByName({ organizationName: c.req.param('org'), name: c.req.param('name') }, c.var.principal)
      return c.body(null, 204)
    })
    .post(
      `${remove}/:provider`,
      old('Delete a module’s provider', { 204: noContent('Deleted') }),
      deprecated((p) => `${modulePath(p)}/${p['provider']}`),
      async (c) => {
        await modules.removeProvider(privateAddress(c), c.var.principal)
        return c.body(null, 204)
      },
    )
    .post(
      `${remove}/:provider/:version`,
      old('Delete a module version', { 204: noContent('Deleted') }),
      deprecated((p) => `${modulePath(p)}/${p['provider']}/${p['version']}`),
      async (c) => {
        await modules.removeVersion({ ...privateAddress(c), version: c.req.param('version') }, c.var.principal)
        return c.body(null, 204)
      },
    )
}
