import type { MembershipDetails } from '@cairn/core'
import { toMany, toOne, type ResourceObject } from '../jsonapi/documents.ts'
import { userResource } from './user-resource.ts'

/**
 * A membership. While it is an invitation its user is the id the invitation shows (see
 * `OrganizationMembership.invitedUserId`), and its teams are those the invitee will join.
 */
export function membershipResource({ membership, teams }: MembershipDetails): ResourceObject {
  return {
    id: membership.id,
    type: 'organization-memberships',
    attributes: { status: membership.status, email: membership.email, 'created-at': membership.createdAt.toISOString() },
    relationships: {
      organization: toOne('organizations', membership.organizationName),
      user: toOne('users', membership.invitedUserId),
      teams: toMany(
        'teams',
        teams.map((team) => team.id),
      ),
    },
    links: { self: `/api/v2/organization-memberships/${membership.id}` },
  }
}

/**
 * The membership's user, for `include=user`: the member once they have accepted; until then only
 * the invited address, the same for a known address as for one nobody has signed up with.
 */
export function membershipUserResource({ membership, member }: MembershipDetails): ResourceObject {
  if (member !== undefined) return userResource(member)
  return {
    id: membership.invitedUserId,
    type: 'users',
    attributes: {
      username: null,
      email: membership.email,
      'avatar-url': null,
      'is-service-account': false,
      'two-factor': { enabled: false, verified: false },
    },
  }
}
