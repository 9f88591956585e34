import fc from 'fast-check'
import { plausible } from './attribute-values.ts'
import type { BodyRoute } from './body-route.ts'
import { freshName, hostileText, oddEmail } from './hostile-text.ts'

/** The routes of an organization that read a body: itself, its memberships, teams, tokens, workspaces and runs. */
export const ORGANIZATION_BODY_ROUTES: readonly BodyRoute[] = [
  {
    label: 'create organization',
    method: 'POST',
    path: () => '/api/v2/organizations',
    as: 'owner',
    shape: 'resource',
    type: 'organizations',
    attributes: { name: { kind: 'name', validated: true }, email: { kind: 'email', validated: true } },
    late: () => fc.record({ name: fc.constant('acme'), email: oddEmail }),
  },
  {
    label: 'update organization',
    method: 'PATCH',
    path: () => '/api/v2/organizations/acme',
    as: 'owner',
    shape: 'resource',
    type: 'organizations',
    attributes: { name: { kind: 'text' }, email: { kind: 'email', validated: true } },
  },
  {
    label: 'add membership',
    method: 'POST',
    path: () => '/api/v2/organizations/acme/organization-memberships',
    as: 'owner',
    shape: 'resource',
    type: 'organization-memberships',
    attributes: { email: { kind: 'email', validated: true } },
    // Nobody has an odd address; the owner is a member already.
    late: () => fc.record({ email: fc.oneof(oddEmail, fc.constant('Owner@Example.com')) }),
  },
  {
    label: 'create team',
    method: 'POST',
    path: () => '/api/v2/organizations/acme/teams',
    as: 'owner',
    shape: 'resource',
    type: 'teams',
    attributes: { name: { kind: 'name', validated: true }, 'organization-access': { kind: 'access' } },
    late: () => fc.record({ name: fc.constantFrom('devs', 'owners'), 'organization-access': plausible('access') }),
  },
  {
    label: 'update team',
    method: 'PATCH',
    path: (world) => `/api/v2/teams/${world.teamId}`,
    as: 'owner',
    shape: 'resource',
    type: 'teams',
    attributes: { name: { kind: 'name', validated: true }, 'organization-access': { kind: 'access' } },
    late: () => fc.record({ name: fc.constant('owners'), 'organization-access': plausible('access') }),
  },
  {
    label: 'add team members',
    method: 'POST',
    path: (world) => `/api/v2/teams/${world.teamId}/relationships/users`,
    as: 'owner',
    shape: 'members',
  },
  {
    label: 'remove team members',
    method: 'DELETE',
    path: (world) => `/api/v2/teams/${world.teamId}/relationships/users`,
    as: 'owner',
    shape: 'members',
  },
  {
    label: 'create user token',
    method: 'POST',
    path: (world) => `/api/v2/users/${world.ownerId}/authentication-tokens`,
    as: 'owner',
    shape: 'token',
    type: 'authentication-tokens',
    attributes: { description: { kind: 'text' } },
  },
  {
    label: 'create workspace',
    method: 'POST',
    path: () => '/api/v2/organizations/acme/workspaces',
    as: 'owner',
    shape: 'resource',
    type: 'workspaces',
    attributes: { name: { kind: 'name', validated: true }, 'terraform-version': { kind: 'version', validated: true } },
    // A taken name, or a tool version that does not exist.
    late: () =>
      fc.oneof(
        fc.record({ name: fc.constant('app'), 'terraform-version': fc.constant('1.9.0') }),
        fc.record({ name: freshName, 'terraform-version': hostileText.filter((version) => version.trim() !== '1.9.0') }),
      ),
  },
  {
    label: 'create run',
    method: 'POST',
    path: () => '/api/v2/runs',
    as: 'owner',
    shape: 'resource',
    type: 'runs',
    attributes: { message: { kind: 'text' } },
    workspace: true,
  },
]
