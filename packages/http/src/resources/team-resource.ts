import type { Team, User } from '@cairn/core'
import { toMany, toOne, type ResourceObject } from '../jsonapi/documents.ts'

export function teamResource(team: Team, members?: readonly User[]): ResourceObject {
  return {
    id: team.id,
    type: 'teams',
    attributes: {
      name: team.name,
      'organization-access': {
        'manage-modules': team.access.manageModules,
        'manage-workspaces': team.access.manageWorkspaces,
      },
      'allow-member-token-management': team.allowMemberTokenManagement,
      ...(members !== undefined && { 'users-count': members.length }),
      'created-at': team.createdAt.toISOString(),
    },
    relationships: {
      organization: toOne('organizations', team.organizationName),
      ...(members !== undefined && {
        users: toMany(
          'users',
          members.map((member) => member.id),
        ),
      }),
    },
    links: { self: `/api/v2/teams/${team.id}` },
  }
}
