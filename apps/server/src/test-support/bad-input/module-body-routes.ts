import fc from 'fast-check'
import type { Attribute } from './attribute-values.ts'
import type { BodyRoute } from './body-route.ts'
import { freshName, hostileText, oddWord } from './hostile-text.ts'
import { MODULE } from './sent.ts'

/** The attributes that name a module, first in both routes that create one. */
const MODULE_NAME: Readonly<Record<string, Attribute>> = {
  name: { kind: 'name', validated: true },
  provider: { kind: 'name', validated: true },
}

/** The registry's routes that read a body: modules, their versions, VCS connections and publishing from VCS. */
export const MODULE_BODY_ROUTES: readonly BodyRoute[] = [
  {
    label: 'create registry module',
    method: 'POST',
    path: () => '/api/v2/organizations/acme/registry-modules',
    as: 'owner',
    shape: 'resource',
    type: 'registry-modules',
    attributes: {
      ...MODULE_NAME,
      namespace: { kind: 'name', validated: true },
      'registry-name': { kind: 'name', validated: true },
      'no-code': { kind: 'bool' },
    },
    // Taken; in another namespace; public (403 in the self-hosted edition).
    late: () =>
      fc.oneof(
        fc.record({ name: fc.constant('network'), provider: fc.constant('aws'), 'no-code': fc.boolean() }),
        fc.record({ name: freshName, provider: fc.constant('aws'), namespace: oddWord }),
        fc.record({ name: freshName, provider: fc.constant('aws'), 'registry-name': fc.constant('public'), namespace: oddWord }),
      ),
  },
  ...[`${MODULE}/versions`, '/api/v2/registry-modules/acme/network/aws/versions'].map((path): BodyRoute => ({
    label: 'create module version',
    method: 'POST',
    path: () => path,
    as: 'owner',
    shape: 'resource',
    type: 'registry-module-versions',
    attributes: { version: { kind: 'version', validated: true }, 'commit-sha': { kind: 'nullable-text' } },
    // 1.0.0 is taken.
    late: () => fc.record({ version: fc.constantFrom('1.0.0', 'v1.0.0'), 'commit-sha': hostileText }),
  })),
  ...[MODULE, `${MODULE}/`].map((path): BodyRoute => ({
    label: 'update registry module',
    method: 'PATCH',
    path: () => path,
    as: 'owner',
    shape: 'resource',
    type: 'registry-modules',
    attributes: { 'vcs-repo': { kind: 'vcs' }, 'test-config': { kind: 'tests' } },
    // VCS settings on a module without VCS.
    late: () => fc.record({ 'vcs-repo': fc.record({ branch: hostileText, tags: fc.boolean() }, { requiredKeys: ['branch'] }) }),
  })),
  {
    label: 'create VCS connection',
    method: 'POST',
    path: () => '/api/v2/organizations/acme/oauth-clients',
    as: 'owner',
    shape: 'resource',
    type: 'oauth-clients',
    attributes: {
      'service-provider': { kind: 'name', validated: true },
      'http-url': { kind: 'url', validated: true },
      'api-url': { kind: 'url', validated: true },
      'oauth-token-string': { kind: 'text' },
      name: { kind: 'text' },
    },
  },
  ...['/api/v2/organizations/acme/registry-modules/vcs', '/api/v2/registry-modules'].map((path): BodyRoute => ({
    label: 'publish from VCS',
    method: 'POST',
    path: () => path,
    as: 'owner',
    shape: 'resource',
    type: 'registry-modules',
    attributes: {
      ...MODULE_NAME,
      'initial-version': { kind: 'version', validated: true },
      'vcs-repo': { kind: 'vcs' },
      'no-code': { kind: 'bool' },
    },
    // A well-formed repository through a connection that does not exist.
    late: () =>
      fc.record({
        'vcs-repo': fc.record({
          identifier: fc.constantFrom('acme/terraform-aws-vpc', 'a/b/_git/c'),
          'oauth-token-id': hostileText,
          'tag-prefix': hostileText,
        }),
      }),
  })),
]
