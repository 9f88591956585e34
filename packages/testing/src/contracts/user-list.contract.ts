import { describe, expect, it } from 'vitest'
import { aUser } from '../builders/builders.ts'
import { PAGE } from './fixtures.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

/** `UserRepository.list` and `statusCounts`: filtered, searched, ordered and paged by the store. */
export function userListContract(name: string, open: StoreHarness): void {
  describe(`UserRepository list contract: ${name}`, () => {
    const store = useStore(open)

    async function seed(...specs: [username: string, email?: string | undefined, flags?: { admin?: boolean; suspended?: boolean }][]) {
      await store().run(async ({ users }) => {
        for (const [username, email, flags] of specs) {
          const id = `user-${username.replace(/\W/g, '')}`
          const user = aUser({ id, username, email: email ?? `${username}@example.com` })
          await users.add(aUser({ ...user, isSiteAdmin: flags?.admin ?? false, isSuspended: flags?.suspended ?? false }))
        }
      })
    }

    async function list(query: { search?: string; isSiteAdmin?: boolean; isSuspended?: boolean; page?: typeof PAGE }) {
      const page = await store().run(({ users }) => users.list({ ...query, page: query.page ?? PAGE }))
      return { total: page.total, usernames: page.items.map((user) => user.username) }
    }

    it('orders users by username, code point by code point, with the total', async () => {
      await seed(['carol'], ['alice'], ['bob'], ['Zed'], ['alice-2'])
      await expect(list({})).resolves.toEqual({ total: 5, usernames: ['Zed', 'alice', 'alice-2', 'bob', 'carol'] })
    })

    it('pages in the store', async () => {
      await seed(['u1'], ['u2'], ['u3'], ['u4'], ['u5'])
      await expect(list({ page: { number: 2, size: 2 } })).resolves.toEqual({ total: 5, usernames: ['u3', 'u4'] })
      await expect(list({ page: { number: 3, size: 2 } })).resolves.toEqual({ total: 5, usernames: ['u5'] })
      await expect(list({ page: { number: 9, size: 2 } })).resolves.toEqual({ total: 5, usernames: [] })
    })

    it('searches usernames and e-mail addresses, ignoring case', async () => {
      await seed(['Alice', 'a@example.com'], ['bob', 'bob@alicorp.test'], ['carol', 'carol@example.com'])
      await expect(list({ search: 'ALI' })).resolves.toEqual({ total: 2, usernames: ['Alice', 'bob'] })
      await expect(list({ search: 'corp.' })).resolves.toEqual({ total: 1, usernames: ['bob'] })
      await expect(list({ search: 'nobody' })).resolves.toEqual({ total: 0, usernames: [] })
    })

    it('takes search characters literally, wildcards and escapes included', async () => {
      await seed(['a_b', 'ab@example.com'], ['axb', 'percent%sign@example.com'], ['back', 'back\\slash@example.com'])
      await expect(list({ search: 'a_b' })).resolves.toEqual({ total: 1, usernames: ['a_b'] })
      await expect(list({ search: '%' })).resolves.toEqual({ total: 1, usernames: ['axb'] })
      await expect(list({ search: 't%s' })).resolves.toEqual({ total: 1, usernames: ['axb'] })
      await expect(list({ search: '\\' })).resolves.toEqual({ total: 1, usernames: ['back'] })
      await expect(list({ search: '_' })).resolves.toEqual({ total: 1, usernames: ['a_b'] })
    })

    it('filters by site-admin and suspended flags, with search and paging', async () => {
      await seed(
        ['admin1', undefined, { admin: true }],
        ['admin2', undefined, { admin: true, suspended: true }],
        ['plain'],
        ['gone', undefined, { suspended: true }],
      )
      await expect(list({ isSiteAdmin: true })).resolves.toEqual({ total: 2, usernames: ['admin1', 'admin2'] })
      await expect(list({ isSiteAdmin: false })).resolves.toEqual({ total: 2, usernames: ['gone', 'plain'] })
      await expect(list({ isSuspended: true })).resolves.toEqual({ total: 2, usernames: ['admin2', 'gone'] })
      await expect(list({ isSuspended: false, isSiteAdmin: false })).resolves.toEqual({ total: 1, usernames: ['plain'] })
      await expect(list({ isSiteAdmin: true, search: '2' })).resolves.toEqual({ total: 1, usernames: ['admin2'] })
      const second = { isSiteAdmin: true, page: { number: 2, size: 1 } }
      await expect(list(second)).resolves.toEqual({ total: 2, usernames: ['admin2'] })
    })

    it('counts users, suspended users and site administrators across the site', async () => {
      await expect(store().run(({ users }) => users.statusCounts())).resolves.toEqual({ total: 0, suspended: 0, admin: 0 })
      await seed(
        ['a', undefined, { admin: true }],
        ['b', undefined, { admin: true, suspended: true }],
        ['c'],
        ['d', undefined, { suspended: true }],
        ['e'],
      )
      await expect(store().run(({ users }) => users.statusCounts())).resolves.toEqual({ total: 5, suspended: 2, admin: 2 })
    })

    it('lists a page with the counts of the whole site, whatever the page, its filters and its search', async () => {
      await seed(['a', undefined, { admin: true }], ['b', undefined, { suspended: true }], ['c'])
      const counts = { total: 3, suspended: 1, admin: 1 }
      for (const query of [{}, { search: 'B' }, { isSiteAdmin: true }, { search: 'nobody' }, { page: { number: 9, size: 20 } }]) {
        const listed = await store().read(({ users }) => users.listWithStatusCounts({ page: PAGE, ...query }))
        expect(listed.statusCounts).toEqual(counts)
        await expect(store().read(({ users }) => users.list({ page: PAGE, ...query }))).resolves.toEqual(listed.page)
      }
    })

    it('keeps its counts and totals as users are suspended, made administrators and removed', async () => {
      await seed(['a', undefined, { admin: true }], ['b'], ['c'], ['d', undefined, { suspended: true }])
      await store().run(async ({ users }) => {
        const b = await users.findByUsername('b')
        const c = await users.findByUsername('c')
        if (b === undefined || c === undefined) throw new Error('seeded users missing')
        await users.update(aUser({ ...b, isSuspended: true }))
        await users.update(aUser({ ...c, isSiteAdmin: true, email: 'c2@example.com' }))
        await users.remove('user-a')
      })
      await expect(store().run(({ users }) => users.statusCounts())).resolves.toEqual({ total: 3, suspended: 2, admin: 1 })
      await expect(list({})).resolves.toEqual({ total: 3, usernames: ['b', 'c', 'd'] })
      await expect(list({ isSuspended: true })).resolves.toEqual({ total: 2, usernames: ['b', 'd'] })
      await expect(list({ isSiteAdmin: true, isSuspended: false })).resolves.toEqual({ total: 1, usernames: ['c'] })
    })
  })
}
