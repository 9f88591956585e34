import type { Actor, World } from './sent.ts'

/** What a `{slot}` of a path template names. */
export type Slot =
  | 'org'
  | 'teamId'
  | 'wsName'
  | 'wsId'
  | 'runId'
  | 'toolVersionId'
  | 'userId'
  | 'membershipId'
  | 'tokenId'
  | 'registry'
  | 'namespace'
  | 'name'
  | 'provider'
  | 'version'
  | 'moduleId'
  | 'objectId'
  | 'action'
  | 'any'

/** What the setup created for `slot`, if it names anything. */
export function realValue(slot: Slot, world: World): string | undefined {
  const values: Record<Slot, string | undefined> = {
    org: 'acme',
    teamId: world.teamId,
    wsName: 'app',
    wsId: world.workspaceId,
    runId: world.runId,
    toolVersionId: world.toolVersionId,
    userId: world.ownerId,
    membershipId: world.membershipId,
    tokenId: world.tokenId,
    registry: 'private',
    namespace: 'acme',
    name: 'network',
    provider: 'aws',
    version: '1.0.0',
    moduleId: world.moduleId,
    objectId: undefined,
    action: undefined,
    any: undefined,
  }
  return values[slot]
}
/** Every identifier and name the setup created: no generated slot of a changing request may name one. */
export function liveNames(world: World): Set<string> {
  return new Set([
    'acme',
    'app',
    'private',
    'public',
    'network',
    'aws',
    '1.0.0',
    'owner',
    'root',
    'owners',
    'devs',
    ...Object.values(world).map((id) => id.toLowerCase()),
  ])
}

export interface PathRoute {
  readonly method: 'GET' | 'DELETE' | 'POST' | 'PUT'
  readonly as: Actor
  /** Literal segments and `{slot}`s; a `?name={slot}` suffix puts the slot in the query. */
  readonly template: string
}

export const ADMIN_ACTIONS = ['suspend', 'unsuspend', 'grant_admin', 'revoke_admin', 'disable_two_factor', 'impersonate']
const route = (method: PathRoute['method'], as: Actor, ...templates: string[]): PathRoute[] =>
  templates.map((template) => ({ method, as, template }))
const R = '/api/v2/organizations/{org}/registry-modules'
/** Every route of docs/api.md that takes ids or names in its path, with the credentials it expects. */
export const PATH_ROUTES: readonly PathRoute[] = [
  ...['GET', 'DELETE'].flatMap((method) =>
    route(
      method as 'GET' | 'DELETE',
      'admin',
      '/api/v2/admin/tool-versions/{toolVersionId}',
      '/admin/tool-versions/{toolVersionId}',
      '/api/v2/admin/terraform-versions/{toolVersionId}',
      '/api/v2/admin/workspaces/{wsId}',
      '/admin/workspaces/{wsId}',
      '/api/v2/admin/users/{userId}',
    ),
  ),
  ...route('POST', 'admin', '/api/v2/admin/users/{userId}/actions/{action}', '/admin/users/{userId}/actions/{action}'),
  ...['GET', 'DELETE'].flatMap((method) =>
    route(
      method as 'GET' | 'DELETE',
      'owner',
      '/api/v2/organizations/{org}',
      '/api/v2/organization-memberships/{membershipId}',
      '/api/v2/teams/{teamId}',
      '/api/v2/organizations/{org}/workspaces/{wsName}',
      '/api/v2/workspaces/{wsId}',
      `${R}/{registry}/{namespace}/{name}/{provider}`,
    ),
  ),
  ...route(
    'GET',
    'owner',
    '/api/v2/organizations/{org}/organization-memberships',
    '/api/v2/organization-memberships',
    '/api/v2/organizations/{org}/teams',
    '/api/v2/users/{userId}',
    '/api/v2/users/{userId}/authentication-tokens',
    '/api/v2/organizations/{org}/workspaces',
    '/api/v2/workspaces/{wsId}/runs',
    '/api/v2/runs/{runId}',
    R,
    `${R}/{registry}/{namespace}/{name}/{provider}/version?module_version={version}`,
    `${R}/private/{namespace}/{name}/{provider}/commits`,
    '/api/v2/registry-modules/{moduleId}',
    '/api/v2/registry-modules/show/{org}/{name}/{provider}',
    '/api/v2/organizations/{org}/oauth-clients',
    '/api/v2/oauth-clients/{any}',
    '/api/v2/oauth-clients/{any}/oauth-tokens',
    '/api/v2/oauth-tokens/{any}',
    '/api/v2/github-app/installations',
    '/api/v2/github-app/installation/{any}',
    '/api/v2/{any}',
    '/api/v2/{any}/{any}/{any}',
    '/admin/{any}/{any}',
    '/{any}',
  ),
  ...route(
    'DELETE',
    'owner',
    '/api/v2/authentication-tokens/{tokenId}',
    '/api/v2/teams/{teamId}/authentication-token',
    '/api/v2/organizations/{org}/authentication-token',
    `${R}/{registry}/{namespace}/{name}`,
    `${R}/{registry}/{namespace}/{name}/{provider}/{version}`,
    '/api/v2/{any}/{any}',
  ),
  ...route(
    'POST',
    'owner',
    '/api/v2/teams/{teamId}/authentication-token',
    '/api/v2/organizations/{org}/authentication-token',
    '/api/v2/runs/{runId}/actions/discard',
    '/api/v2/runs/{runId}/actions/cancel',
    // The owner's own membership is active: answering it as an invitation is a 400.
    '/api/v2/organization-memberships/{membershipId}/actions/accept',
    '/api/v2/organization-memberships/{membershipId}/actions/decline',
    '/api/v2/registry-modules/actions/delete/{org}/{name}',
    '/api/v2/registry-modules/actions/delete/{org}/{name}/{provider}',
    '/api/v2/registry-modules/actions/delete/{org}/{name}/{provider}/{version}',
    `${R}/{registry}/{namespace}/{name}/{provider}/actions/resync`,
    '/api/v2/{any}/{any}',
  ),
  ...route('DELETE', 'owner', '/api/v2/oauth-clients/{any}'),
  ...route('POST', 'anonymous', '/webhooks/vcs/{any}'),
  ...route('PUT', 'anonymous', '/v1/object/{objectId}', '/v1/object/{objectId}/{any}'),
]
