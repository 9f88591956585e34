import fc from 'fast-check'
import { longSegment, shortSegment } from './path-segments.ts'
import { describeSent, MODULE, withDescription, type Actor, type Sent, type World } from './sent.ts'

/** Every list and read that takes query parameters, with the credentials it expects. */
const QUERY_TARGETS: readonly { path: (world: World) => string; as: Actor }[] = [
  ...[
    '/api/v2/admin/users',
    '/admin/users',
    '/api/v2/admin/workspaces',
    '/admin/workspaces',
    '/api/v2/admin/tool-versions',
    '/admin/terraform-versions',
    '/api/v2/admin/audit-events',
    '/api/v2/admin/general-settings',
  ].map((path) => ({ path: () => path, as: 'admin' as const })),
  { path: (world) => `/api/v2/admin/workspaces/${world.workspaceId}`, as: 'admin' },
  ...[
    '/api/v2/organizations',
    '/api/v2/organizations/acme/teams',
    '/api/v2/organizations/acme/organization-memberships',
    '/api/v2/organizations/acme/workspaces',
    '/api/v2/organizations/acme/registry-modules',
    `${MODULE}/version`,
  ].map((path) => ({ path: () => path, as: 'owner' as const })),
  { path: (world) => `/api/v2/workspaces/${world.workspaceId}/runs`, as: 'owner' },
]
const QUERY_NAMES = [
  'page[number]',
  'page[size]',
  'q',
  'filter[admin]',
  'filter[suspended]',
  'filter[version]',
  'search[version]',
  'filter[current_run][status]',
  'sort',
  'include',
  'filter[registry_name]',
  'filter[provider]',
  'filter[organization_name]',
  'module_version',
  'filter[status]',
  'filter[email]',
]
const QUERY_VALUES = [
  '0',
  '-1',
  '1',
  '2',
  '100',
  '101',
  '999999999',
  '9999999999',
  '1e2',
  '0x10',
  '1.5',
  '%201',
  '1%20',
  '%D9%A1',
  '',
  'true',
  'false',
  'TRUE',
  'organizations',
  'organization,organization.owners,current_run',
  'organization,,',
  'name',
  '-name',
  '--name',
  'current-run.created-at',
  'pending,applied',
  'pending,bogus',
  ',',
  'invited',
  'owner@example.com',
  'a@b,c',
  'user',
  'private',
  'public',
  'PRIVATE',
  'aws',
  '1.0.0',
  'v1.0.0',
  '%25',
  '%5C',
  '%',
  '_',
  '%00',
]
const queryName = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .tuple(fc.constantFrom(...QUERY_NAMES), fc.boolean())
      .map(([name, raw]) => (raw ? name : name.replace('[', '%5B').replace(']', '%5D').replace('[', '%5B').replace(']', '%5D'))),
  },
  { weight: 1, arbitrary: shortSegment },
)
const queryValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...QUERY_VALUES) },
  { weight: 3, arbitrary: shortSegment },
  { weight: 1, arbitrary: longSegment },
)
/** Generated query strings on every list and read. */
export const queryCases = (world: World): fc.Arbitrary<Sent> =>
  fc
    .tuple(
      fc.constantFrom(...QUERY_TARGETS),
      fc.array(fc.tuple(queryName, fc.option(queryValue, { nil: undefined, freq: 8 })), { minLength: 1, maxLength: 5 }),
      fc.constantFrom('&', '&', '&', '&&', ';'),
    )
    .map(([target, pairs, separator]) => {
      const query = pairs.map(([name, value]) => (value === undefined ? name : `${name}=${value}`)).join(separator)
      return { label: `GET ${target.path(world)}?…`, method: 'GET', path: `${target.path(world)}?${query}`, as: target.as }
    })
    .filter((sent) => sent.path.length <= 14_000)
    .map((sent) => withDescription(sent, () => describeSent(sent)))
