import { OPERATOR, type Principal, type UseCases, type User } from '@cairn/core'

/** Acting as a user through a fresh token, as a request would. */
export async function as(useCases: UseCases, user: User): Promise<Principal> {
  const { bearer } = await useCases.userTokens.create.execute({ user: { id: user.id } }, OPERATOR)
  return useCases.authenticateToken.execute(bearer)
}

/** An organization owned by `owner`, with the given workspaces. */
export async function anOrganizationWith(useCases: UseCases, owner: User, name: string, workspaceNames: readonly string[] = []) {
  const principal = await as(useCases, owner)
  await useCases.organizations.create({ name, email: `${name}@example.com` }, principal)
  const workspaces = []
  for (const workspaceName of workspaceNames) {
    workspaces.push((await useCases.workspaces.create({ organizationName: name, name: workspaceName }, principal)).workspace)
  }
  return { principal, workspaces }
}
