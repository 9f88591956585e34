import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { appRoot } from '../jsonapi/public-url.ts'
import { registryModuleResource } from '../resources/registry-module-resource.ts'
import { deprecated } from './deprecated-module-routes.ts'
import { addressOf } from './registry-module-routes.ts'
import { readDocument } from '../jsonapi/request-document.ts'
import { attributes, emptyWhenAbsent, optional, resourceDocument } from '../jsonapi/request-schemas.ts'
import { operation } from '../openapi/operation.ts'
import { noContent, oneResource } from '../openapi/responses.ts'

/** A connection id; the tfe provider sends `""` for the kind it does not use, which means none, as TFE reads it. */
const connectionId = optional(z.string().transform((value) => (value === '' ? undefined : value)))

const VCS_REPO = attributes({
  identifier: ['identifier', optional(z.string())],
  oauthTokenId: ['oauth-token-id', connectionId],
  githubAppInstallationId: ['github-app-installation-id', connectionId],
  // go-tfe sends it with a GitHub App installation; the path's organization wins where there is one.
  organizationName: ['organization-name', optional(z.string())],
  displayIdentifier: ['display-identifier', optional(z.string())],
  // The reference's request tables spell it with an underscore; go-tfe sends the dash.
  displayIdentifierUnderscored: ['display_identifier', optional(z.string())],
  branch: ['branch', optional(z.string())],
  tags: ['tags', optional(z.boolean())],
  sourceDirectory: ['source-directory', optional(z.string())],
  tagPrefix: ['tag-prefix', optional(z.string())],
  ingressSubmodules: ['ingress-submodules', optional(z.boolean())],
})

/** Every attribute is optional here; the use case says which publishing needs. */
const PUBLISH = resourceDocument(
  'registry-modules',
  attributes({
    name: ['name', optional(z.string())],
    provider: ['provider', optional(z.string())],
    initialVersion: ['initial-version', optional(z.string())],
    noCode: ['no-code', optional(z.boolean())],
    vcs: ['vcs-repo', emptyWhenAbsent(VCS_REPO)],
    tests: ['test-config', emptyWhenAbsent(attributes({ testsEnabled: ['tests-enabled', optional(z.boolean())] }))],
  }),
)

/** The publish command of a request body; the organization comes from the path, when it has one. */
async function readPublish(c: Context<AppEnv>) {
  const { vcs, tests, ...module } = (await readDocument(c, PUBLISH)).data.attributes
  const { displayIdentifierUnderscored, ...repository } = vcs
  const displayIdentifier = repository.displayIdentifier ?? displayIdentifierUnderscored
  return { ...module, ...repository, ...tests, ...(displayIdentifier !== undefined && { displayIdentifier }) }
}

const TAG = 'registry-modules'
const published = { 201: oneResource('The module, its versions ingested in the background', 'registry-modules') }
const PUBLISH_FROM_VCS = operation({ summary: 'Publish a module from a VCS repository', tag: TAG, body: PUBLISH, responses: published })
const PUBLISH_DEPRECATED = operation({
  summary: 'Publish a module from VCS (deprecated path)',
  deprecated: true,
  tag: TAG,
  body: PUBLISH,
  responses: published,
})
const RESYNC = operation({ summary: 'Resync a VCS module', tag: TAG, responses: { 204: noContent('A sync is queued') } })

/** Publishing from VCS (spec §4.1) and resyncing a VCS module. Mounted at /api/v2. */
export function vcsPublishRoutes(deps: HttpDeps) {
  return new Hono<AppEnv>()
    .post('/organizations/:org/registry-modules/vcs', PUBLISH_FROM_VCS, async (c) => {
      const view = await deps.publishFromVcs.execute({ ...(await readPublish(c)), organizationName: c.req.param('org') }, c.var.principal)
      return jsonApi(c, { data: registryModuleResource(view, appRoot(c, deps)) }, 201)
    })
    .post(
      '/registry-modules',
      PUBLISH_DEPRECATED,
      deprecated(() => '/api/v2/organizations/:organization_name/registry-modules/vcs'),
      async (c) =>
        jsonApi(
          c,
          { data: registryModuleResource(await deps.publishFromVcs.execute(await readPublish(c), c.var.principal), appRoot(c, deps)) },
          201,
        ),
    )
    .post('/organizations/:org/registry-modules/:registry/:namespace/:name/:provider/actions/resync', RESYNC, async (c) => {
      await deps.resyncVcsModule.execute(addressOf(c.req.param()), c.var.principal)
      return c.body(null, 204)
    })
}
