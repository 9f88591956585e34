import { OPERATOR, type UseCases, type UserPrincipal } from '@cairn/core'

/** Creates a user (as the operator) and returns the principal a token of theirs authenticates as. */
export async function signUpUser(
  cases: UseCases,
  username: string,
  options: { readonly email?: string; readonly isSiteAdmin?: boolean; readonly isServiceAccount?: boolean } = {},
): Promise<UserPrincipal> {
  const { email = `${username}@example.com`, ...flags } = options
  await cases.createUser.execute({ username, email, ...flags }, OPERATOR)
  const { bearer } = await cases.userTokens.create.execute({ user: { username } }, OPERATOR)
  const principal = await cases.authenticateToken.execute(bearer)
  if (principal.kind !== 'user') throw new Error('a user token authenticates as its user')
  return principal
}
