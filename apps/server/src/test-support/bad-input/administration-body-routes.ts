import fc from 'fast-check'
import type { Attribute } from './attribute-values.ts'
import type { BodyRoute } from './body-route.ts'
import { freshName, hostileString, oddEmail, oddWord } from './hostile-text.ts'

const TOOL_VERSION: Record<string, Attribute> = {
  version: { kind: 'version', validated: true },
  url: { kind: 'url', validated: true },
  sha: { kind: 'sha', validated: true },
  deprecated: { kind: 'bool' },
  'deprecated-reason': { kind: 'nullable-text' },
  official: { kind: 'bool' },
  enabled: { kind: 'bool' },
  beta: { kind: 'bool' },
}

/** The site administration's routes that read a body: tool versions, users, impersonation, the session. */
export const ADMINISTRATION_BODY_ROUTES: readonly BodyRoute[] = [
  ...['/api/v2/admin/tool-versions', '/admin/tool-versions', '/api/v2/admin/terraform-versions'].flatMap((base): BodyRoute[] => {
    const type = base.endsWith('terraform-versions') ? 'terraform-versions' : 'tool-versions'
    return [
      {
        label: 'create tool version',
        method: 'POST',
        path: () => base,
        as: 'admin',
        shape: 'resource',
        type,
        attributes: TOOL_VERSION,
        // 1.9.0 is taken.
        late: () =>
          fc.record({
            version: fc.constant('1.9.0'),
            url: oddWord.map((word) => `https://x.test/${word}`),
            sha: fc.constant('ab'.repeat(32)),
            deprecated: fc.constant(true),
            'deprecated-reason': hostileString({ maxLength: 200 }),
          }),
      },
      {
        label: 'update tool version',
        method: 'PATCH',
        path: (world) => `${base}/${world.toolVersionId}`,
        as: 'admin',
        shape: 'resource',
        type,
        attributes: TOOL_VERSION,
        // A reason is only allowed on a deprecated version.
        late: () => fc.record({ deprecated: fc.constant(false), 'deprecated-reason': oddWord }),
      },
    ]
  }),
  {
    label: 'create user (admin)',
    method: 'POST',
    path: () => '/api/v2/admin/users',
    as: 'admin',
    shape: 'resource',
    type: 'users',
    attributes: {
      username: { kind: 'name', validated: true },
      email: { kind: 'email', validated: true },
      'is-admin': { kind: 'bool' },
      'is-service-account': { kind: 'bool' },
    },
    // A taken username with an odd address, or a free username with a taken address.
    late: () =>
      fc.oneof(
        // Usernames are case-sensitive: 'OWNER' would be a new user.
        fc.record({ username: fc.constantFrom('owner', 'root'), email: oddEmail }),
        fc.record({ username: freshName, email: fc.constantFrom('owner@example.com', 'ROOT@example.com ') }),
      ),
  },
  {
    label: 'impersonate',
    method: 'POST',
    path: (world) => `/api/v2/admin/users/${world.ownerId}/actions/impersonate`,
    as: 'admin',
    shape: 'reason',
  },
  {
    label: 'impersonate (no prefix)',
    method: 'POST',
    path: (world) => `/admin/users/${world.ownerId}/actions/impersonate`,
    as: 'admin',
    shape: 'reason',
  },
  { label: 'unimpersonate', method: 'POST', path: () => '/api/v2/admin/users/actions/unimpersonate', as: 'admin', shape: 'ignored' },
  { label: 'sign out', method: 'POST', path: () => '/api/v2/session/sign-out', as: 'admin', shape: 'ignored' },
]
