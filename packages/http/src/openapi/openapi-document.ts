import type { Hono } from 'hono'
import { generateSpecs } from 'hono-openapi'
import type { OpenAPIV3_1 } from 'openapi-types'
import { SESSION_COOKIE } from '../auth/authenticate.ts'
import type { AppEnv } from '../http-deps.ts'
import { SCHEMAS } from './responses.ts'
import { TAGS } from './tags.ts'

/**
 * The OpenAPI 3.1 description of every route of `root` that carries an `operation`, with paths
 * relative to the app's mount path (the server URL) except discovery, which stays at the host's
 * root.
 */
export async function openApiDocument(root: Hono<AppEnv>, basePath: string, version: string): Promise<OpenAPIV3_1.Document> {
  const generated = await generateSpecs(root, {
    excludeStaticFile: false,
    defaultValidationErrorResponse: false,
    documentation: {
      info: {
        title: 'Cairn',
        version,
        description:
          'A private Terraform and OpenTofu module registry, speaking the Terraform Enterprise API (JSON:API) and the module registry protocol.',
      },
      servers: [{ url: basePath === '' ? '/' : basePath }],
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      security: [{ bearerToken: [] }, { sessionCookie: [] }],
      components: {
        schemas: SCHEMAS,
        securitySchemes: {
          bearerToken: { type: 'http', scheme: 'bearer', description: 'A user, team or organization API token' },
          sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The web UI’s session' },
          metricsToken: { type: 'http', scheme: 'bearer', description: 'The operator’s `CAIRN_METRICS_TOKEN`' },
        },
      },
    },
  })
  const paths: OpenAPIV3_1.PathsObject = {}
  for (const [path, item] of Object.entries(generated.paths)) {
    if (basePath !== '' && path.startsWith(`${basePath}/`)) paths[path.slice(basePath.length)] = item
    else paths[path] = basePath === '' ? item : { ...item, servers: [{ url: '/' }] }
  }
  return { ...generated, paths: withoutAliases(paths) }
}

/**
 * The paths without the operations they only repeat. Some routes are served under a second path
 * for the clients that call it (with a trailing slash, the admin API without `/api/v2`); they stay
 * routed, and the reference describes each once, under its `canonicalPath`.
 */
function withoutAliases(paths: OpenAPIV3_1.PathsObject): OpenAPIV3_1.PathsObject {
  const kept: OpenAPIV3_1.PathsObject = {}
  for (const [path, item] of Object.entries(paths)) {
    const twin = canonicalPath(path) === path ? undefined : paths[canonicalPath(path)]
    const unique = Object.entries(item ?? {}).filter(([key]) => key === 'servers' || twin === undefined || !(key in twin))
    if (unique.some(([key]) => key !== 'servers')) kept[path] = Object.fromEntries(unique)
  }
  return kept
}

/** Where the reference describes the operations served at `path`: without a trailing slash, and the admin API under `/api/v2`. */
function canonicalPath(path: string): string {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
  return trimmed.startsWith('/admin/') ? `/api/v2${trimmed}` : trimmed
}
