import { OPERATOR } from '@cairn/core'
import type { Config } from '../config.ts'
import { TYPES } from '../container.ts'
import { openRuntime, type Runtime } from '../runtime.ts'

async function withRuntime<T>(config: Config, purpose: string, work: (runtime: Runtime) => Promise<T>): Promise<T> {
  const runtime = await openRuntime(config, purpose)
  try {
    return await work(runtime)
  } finally {
    await runtime.close()
  }
}

/** `cairn user create`: a user and a first token for it, as the operator. */
export function createUser(config: Config, args: { username: string; email: string; siteAdmin: boolean }) {
  return withRuntime(config, 'cairn user create', async ({ container }) => {
    const { createUser, userTokens } = container.get(TYPES.UseCases)
    const user = await createUser.execute({ username: args.username, email: args.email, isSiteAdmin: args.siteAdmin }, OPERATOR)
    const { bearer } = await userTokens.create.execute({ user: { id: user.id }, description: 'created by cairn user create' }, OPERATOR)
    return { id: user.id, username: user.username, token: bearer }
  })
}

/** `cairn token create`: another token for an existing user, as the operator. */
export function createToken(config: Config, args: { username: string; description?: string }) {
  return withRuntime(config, 'cairn token create', async ({ container }) => {
    const { token, bearer } = await container.get(TYPES.UseCases).userTokens.create.execute({ user: { username: args.username }, description: args.description ?? 'created by cairn token create' }, OPERATOR)
    return { id: token.id, token: bearer }
  })
}

/** `cairn migrate`: applies pending migrations and nothing else. */
export function migrate(config: Config) {
  return withRuntime(config, 'cairn migrate', async () => ({ migrated: true }))
}
