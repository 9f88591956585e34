import type { AuthToken } from '@cairn/core'
import type { ResourceObject } from '../jsonapi/documents.ts'

/** A token; `token` (the bearer string) only in the answer that created it. */
export function tokenResource(token: AuthToken, bearer?: string): ResourceObject {
  return {
    id: token.id,
    type: 'authentication-tokens',
    attributes: {
      description: token.description,
      'created-at': token.createdAt.toISOString(),
      'last-used-at': token.lastUsedAt?.toISOString() ?? null,
      'expired-at': null,
      ...(bearer !== undefined && { token: bearer }),
    },
    links: { self: `/api/v2/authentication-tokens/${token.id}` },
  }
}
