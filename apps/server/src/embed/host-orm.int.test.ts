import { OPERATOR } from '@cairn/core'
import { ormOptions, pgliteOptions } from '@cairn/persistence'
import { MikroORM } from '@mikro-orm/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCairn } from './create-cairn.ts'

/** A host that already runs MikroORM hands Cairn its instance, opened with Cairn's schema and migrations. */
describe('createCairn on a MikroORM instance the host opened', () => {
  let orm: MikroORM

  beforeAll(async () => {
    orm = await MikroORM.init({ ...ormOptions(), ...pgliteOptions() })
  }, 60_000)

  afterAll(async () => {
    await orm.close(true)
  })

  const options = () => ({ store: { kind: 'mikro-orm', orm }, blobs: { kind: 'memory' }, signingKey: 'k'.repeat(32) }) as const

  it('migrates it, keeps its data in it, and leaves it open at close', async () => {
    const first = await createCairn(options())
    await first.useCases.users.create({ username: 'owner', email: 'owner@example.com' }, OPERATOR)
    await first.close()
    await expect(orm.em.execute('select 1 as one')).resolves.toEqual([{ one: 1 }])

    const second = await createCairn(options())
    try {
      const { token } = await second.useCases.tokens.createForUser({ user: { username: 'owner' } }, OPERATOR)
      expect(token.id).toBeTruthy()
    } finally {
      await second.close()
    }
  }, 60_000)

  it('needs a signing key and a blob store, as every instance on a shared database does', async () => {
    await expect(createCairn({ store: { kind: 'mikro-orm', orm } })).rejects.toThrow(/blobs is required[\s\S]*signingKey is required/)
  })
})
