import type { Repositories } from '../ports/unit-of-work.ts'
import { User, type UserState } from './user.ts'

/**
 * Stores a new user, or, when their address was invited before anyone signed up with it, turns
 * that placeholder into them: the invitations waiting there become theirs. Raises `invalid` on
 * `username` or `email` when either belongs to someone else.
 */
export async function addOrClaim(repositories: Repositories, state: UserState): Promise<User> {
  const placeholder = await repositories.users.findByEmail(state.email)
  if (placeholder?.isPlaceholder !== true) {
    const user = new User(state)
    await repositories.users.add(user)
    return user
  }
  const user = placeholder.claim({
    username: state.username,
    isSiteAdmin: state.isSiteAdmin,
    isSuspended: state.isSuspended,
    isServiceAccount: state.isServiceAccount,
    twoFactorEnabled: state.twoFactorEnabled,
    createdAt: state.createdAt,
  })
  await repositories.users.update(user)
  return user
}
