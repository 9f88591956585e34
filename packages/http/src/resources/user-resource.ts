import type { User } from '@cairn/core'
import { toMany, type ResourceObject } from '../jsonapi/documents.ts'

/** A user as the admin API and go-tfe read it; `organizations` only when it was included. */
export function userResource(user: User, organizations?: readonly string[]): ResourceObject {
  return {
    id: user.id,
    type: 'users',
    attributes: {
      username: user.username,
      email: user.email,
      'avatar-url': null,
      'is-admin': user.isSiteAdmin,
      'is-suspended': user.isSuspended,
      'is-service-account': user.isServiceAccount,
      'two-factor': { enabled: user.twoFactorEnabled, verified: user.twoFactorEnabled },
      'created-at': user.createdAt.toISOString(),
    },
    ...(organizations !== undefined && { relationships: { organizations: toMany('organizations', organizations) } }),
    links: { self: `/api/v2/users/${user.id}` },
  }
}
