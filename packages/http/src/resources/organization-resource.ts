import type { Organization } from '@cairn/core'
import type { ResourceObject } from '../jsonapi/documents.ts'

/** An organization; its id is its name, as in the real API. */
export function organizationResource(organization: Organization): ResourceObject {
  return {
    id: organization.name,
    type: 'organizations',
    attributes: {
      name: organization.name,
      email: organization.email,
      'created-at': organization.createdAt.toISOString(),
    },
    links: { self: `/api/v2/organizations/${organization.name}` },
  }
}
