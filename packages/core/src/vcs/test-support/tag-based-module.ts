import { OPERATOR } from '../../auth/principal.ts'
import { createUseCases } from '../../use-cases.ts'

/** Organization `acme` with a tag-based module `acme/<name>/aws`, created by its owner; its id. */
export async function createTagBasedModule(deps: Parameters<typeof createUseCases>[0], name = 'vpc'): Promise<string> {
  const cases = createUseCases(deps)
  const owner = await cases.createUser.execute({ username: 'owner', email: 'owner@example.com' }, OPERATOR)
  const principal = await cases.authenticateToken.execute(
    (await cases.userTokens.create.execute({ user: { id: owner.id } }, OPERATOR)).bearer,
  )
  await cases.organizations.create({ name: 'acme', email: 'a@acme.test' }, principal)
  const { module } = await cases.registryModules.create({ organizationName: 'acme', name, provider: 'aws' }, principal)
  await deps.unitOfWork.run(({ registryModules }) => registryModules.update({ ...module, publishingMechanism: 'git_tag' }))
  return module.id
}
