import { OPERATOR, type Cairn } from '@cairn/server'

/** Seeds through the use cases what a demo needs: a site admin, a token of theirs, and an organization. */
export async function seedDemo(cairn: Cairn): Promise<{ token: string }> {
  const { useCases } = cairn
  await useCases.users.create({ username: 'admin', email: 'admin@example.com', isSiteAdmin: true }, OPERATOR)
  const { bearer } = await useCases.tokens.createForUser({ user: { username: 'admin' }, description: 'example' }, OPERATOR)
  const admin = await useCases.tokens.authenticate({ token: bearer })
  await useCases.organizations.create({ name: 'acme', email: 'ops@example.com' }, admin)
  return { token: bearer }
}
