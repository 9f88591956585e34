import type { OrganizationMembership } from '@cairn/core'
import { toOne, type ResourceObject } from '../jsonapi/documents.ts'

export function membershipResource(membership: OrganizationMembership): ResourceObject {
  return {
    id: membership.id,
    type: 'organization-memberships',
    attributes: { status: 'active', 'created-at': membership.createdAt.toISOString() },
    relationships: {
      organization: toOne('organizations', membership.organizationName),
      user: toOne('users', membership.userId),
    },
    links: { self: `/api/v2/organization-memberships/${membership.id}` },
  }
}
