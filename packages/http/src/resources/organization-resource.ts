import type { Organization } from '@cairn/core'
import type { ResourceObject } from '../jsonapi/documents.ts'

/** An organization; its id is its name, as in the real API. */
export function organizationResource(organization: Organization): ResourceObject {
  return {
    id: organization.name,
    type: 'organizations',
    attributes: {
      name: organization.name,
      'external-id': organization.externalId,
      email: organization.email,
      // The one policy the core accepts (checkCollaboratorAuthPolicy): Cairn has no two-factor sign-in.
      'collaborator-auth-policy': 'password',
      'speculative-plan-management-enabled': organization.speculativePlanManagementEnabled,
      'created-at': organization.createdAt.toISOString(),
    },
    links: { self: `/api/v2/organizations/${organization.name}` },
  }
}
