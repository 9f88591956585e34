import { Hono, type Context } from 'hono'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { readAttributes } from '../jsonapi/attributes.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { appRoot } from '../jsonapi/public-url.ts'
import { readResource } from '../jsonapi/request-document.ts'
import { registryModuleResource } from '../resources/registry-module-resource.ts'
import { deprecated } from './deprecated-module-routes.ts'
import { addressOf, nested } from './registry-module-routes.ts'

const MODULE = {
  name: { name: 'name', kind: 'string' },
  provider: { name: 'provider', kind: 'string' },
  initialVersion: { name: 'initial-version', kind: 'string' },
  noCode: { name: 'no-code', kind: 'boolean' },
} as const

const VCS_REPO = {
  identifier: { name: 'identifier', kind: 'string' },
  oauthTokenId: { name: 'oauth-token-id', kind: 'string' },
  githubAppInstallationId: { name: 'github-app-installation-id', kind: 'string' },
  // go-tfe sends it with a GitHub App installation; the path's organization wins where there is one.
  organizationName: { name: 'organization-name', kind: 'string' },
  displayIdentifier: { name: 'display-identifier', kind: 'string' },
  // The reference's request tables spell it with an underscore; go-tfe sends the dash.
  displayIdentifierUnderscored: { name: 'display_identifier', kind: 'string' },
  branch: { name: 'branch', kind: 'string' },
  tags: { name: 'tags', kind: 'boolean' },
  sourceDirectory: { name: 'source-directory', kind: 'string' },
  tagPrefix: { name: 'tag-prefix', kind: 'string' },
  ingressSubmodules: { name: 'ingress-submodules', kind: 'boolean' },
} as const

const TEST_CONFIG = { testsEnabled: { name: 'tests-enabled', kind: 'boolean' } } as const

/** The publish command of a request body; the organization comes from the path, when it has one. */
async function readPublish(c: Context<AppEnv>) {
  const { attributes } = await readResource(c, 'registry-modules')
  const module = readAttributes(attributes, MODULE)
  const { displayIdentifierUnderscored, ...vcs } = readAttributes(nested(attributes, 'vcs-repo'), VCS_REPO, '/data/attributes/vcs-repo')
  const displayIdentifier = vcs.displayIdentifier ?? displayIdentifierUnderscored
  const tests = readAttributes(nested(attributes, 'test-config'), TEST_CONFIG, '/data/attributes/test-config')
  return { ...module, ...vcs, ...tests, ...(displayIdentifier !== undefined && { displayIdentifier }) }
}

/** Publishing from VCS (spec §4.1) and resyncing a VCS module. Mounted at /api/v2. */
export function vcsPublishRoutes(deps: HttpDeps) {
  return new Hono<AppEnv>()
    .post('/organizations/:org/registry-modules/vcs', async (c) => {
      const view = await deps.publishFromVcs.execute({ ...(await readPublish(c)), organizationName: c.req.param('org') }, c.var.principal)
      return jsonApi(c, { data: registryModuleResource(view, appRoot(c, deps)) }, 201)
    })
    .post(
      '/registry-modules',
      deprecated(() => '/api/v2/organizations/:organization_name/registry-modules/vcs'),
      async (c) => jsonApi(c, { data: registryModuleResource(await deps.publishFromVcs.execute(await readPublish(c), c.var.principal), appRoot(c, deps)) }, 201),
    )
    .post('/organizations/:org/registry-modules/:registry/:namespace/:name/:provider/actions/resync', async (c) => {
      await deps.resyncVcsModule.execute(addressOf(c.req.param()), c.var.principal)
      return c.body(null, 204)
    })
}
