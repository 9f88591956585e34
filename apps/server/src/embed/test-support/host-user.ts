import { OPERATOR, type Principal } from '@cairn/core'
import type { Cairn } from '../create-cairn.ts'

/** A user created as a host does, through the facade: with a token, and the principal it stands for. */
export async function signUpHostUser(
  cairn: Cairn,
  username: string,
  options: { readonly isSiteAdmin?: boolean } = {},
): Promise<{ readonly principal: Principal; readonly bearer: string }> {
  await cairn.useCases.users.create({ username, email: `${username}@example.com`, ...options }, OPERATOR)
  const { bearer } = await cairn.useCases.tokens.createForUser({ user: { username } }, OPERATOR)
  return { principal: await cairn.useCases.tokens.authenticate({ token: bearer }), bearer }
}
