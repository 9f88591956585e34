import { OPERATOR, type UseCases } from '@cairn/core'
import type { Config } from './config.ts'
import { openCairn } from '../embed/create-cairn.ts'
import { restrictFileModes, standaloneOptions } from './standalone-options.ts'

async function withUseCases<T>(config: Config, purpose: string, work: (useCases: UseCases) => Promise<T>): Promise<T> {
  restrictFileModes()
  const cairn = await openCairn(standaloneOptions(config), { purpose, workers: false })
  try {
    return await work(cairn.useCases)
  } finally {
    await cairn.close()
  }
}

/** `cairn user create`: a user and a first token for it, as the operator. */
export function createUser(config: Config, args: { username: string; email: string; siteAdmin: boolean }) {
  return withUseCases(config, 'cairn user create', async ({ createUser, userTokens }) => {
    const user = await createUser.execute({ username: args.username, email: args.email, isSiteAdmin: args.siteAdmin }, OPERATOR)
    const { bearer } = await userTokens.create.execute({ user: { id: user.id }, description: 'created by cairn user create' }, OPERATOR)
    return { id: user.id, username: user.username, token: bearer }
  })
}

/** `cairn token create`: another token for an existing user, as the operator. */
export function createToken(config: Config, args: { username: string; description?: string }) {
  return withUseCases(config, 'cairn token create', async ({ userTokens }) => {
    const { token, bearer } = await userTokens.create.execute(
      { user: { username: args.username }, description: args.description ?? 'created by cairn token create' },
      OPERATOR,
    )
    return { id: token.id, token: bearer }
  })
}

/** `cairn migrate`: applies pending migrations and nothing else. */
export function migrate(config: Config) {
  return withUseCases(config, 'cairn migrate', async () => ({ migrated: true }))
}
