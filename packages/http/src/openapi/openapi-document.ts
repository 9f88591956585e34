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
        description: 'A private Terraform and OpenTofu module registry, speaking the Terraform Enterprise API (JSON:API) and the module registry protocol.',
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
  return { ...generated, paths }
}
