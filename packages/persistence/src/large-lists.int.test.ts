import type { Page, PageRequest, Repositories, UserQuery, WorkspaceQuery } from '@cairn/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect, storeOver, type Orm, type Store, type StoreLocation } from './store.ts'
import { expectedUsers, expectedWorkspaces, largeDataset, seedLargeDataset } from './test-support/large-dataset.ts'
import { freshSchema } from './test-support/postgres-schema.ts'

// Lists over 20,000 workspaces and 20,000 users: every page must be right (checked against the
// dataset, filtered and sorted here) and must be cut by the database: every statement that
// returns rows has a LIMIT, and its plan reads an index rather than the whole table.
const data = largeDataset()

type Case<Q> = [description: string, query: Omit<Q, 'page'>, pages: PageRequest[]]

const WORKSPACE_CASES: Case<WorkspaceQuery>[] = [
  [
    'every workspace, by id',
    {},
    [
      { number: 1, size: 20 },
      { number: 500, size: 40 },
    ],
  ],
  ["one organization's", { organizationName: 'org-042' }, [{ number: 2, size: 20 }]],
  [
    'a search of workspace names',
    { search: 'NEEDLE' },
    [
      { number: 1, size: 100 },
      { number: 3, size: 100 },
    ],
  ],
  ['a search of organization names', { search: 'org-01' }, [{ number: 3, size: 50 }]],
  ['by current run status', { currentRunStatuses: ['planning', 'applying'] }, [{ number: 10, size: 20 }]],
  ...(['name', 'currentRunCreatedAt', 'latestChangeAt'] as const).flatMap((key) =>
    [false, true].map((descending): Case<WorkspaceQuery> => [
      `sorted by ${key}${descending ? ' descending' : ''}`,
      { sort: { key, descending } },
      [
        { number: 1, size: 20 },
        { number: 200, size: 50 },
        { number: 1000, size: 20 },
      ],
    ]),
  ),
  [
    'filtered, searched and sorted',
    {
      organizationName: 'org-007',
      search: 'stack',
      currentRunStatuses: ['pending', 'planned'],
      sort: { key: 'latestChangeAt', descending: true },
    },
    [{ number: 1, size: 5 }],
  ],
]

const USER_CASES: Case<UserQuery>[] = [
  [
    'every user, by username',
    {},
    [
      { number: 1, size: 20 },
      { number: 400, size: 50 },
    ],
  ],
  ['a search of usernames', { search: 'USER0012' }, [{ number: 1, size: 20 }]],
  ['a search of e-mail addresses', { search: 'corp7' }, [{ number: 30, size: 20 }]],
  ['site administrators', { isSiteAdmin: true }, [{ number: 2, size: 100 }]],
  ['suspended users found by search', { isSuspended: true, search: 'corp1' }, [{ number: 3, size: 100 }]],
  ['active users', { isSiteAdmin: false, isSuspended: false }, [{ number: 100, size: 20 }]],
]

/** Whether a query searches: not at all, alongside other filters, or by its search only. */
type Search = 'none' | 'with filters' | 'only'

function searchOf(query: { readonly search?: string }): Search {
  if (query.search === undefined) return 'none'
  const filters = Object.entries(query).filter(([key, value]) => key !== 'search' && key !== 'sort' && value !== undefined)
  return filters.length === 0 ? 'only' : 'with filters'
}

interface Opened {
  readonly location: StoreLocation
  dispose(): Promise<void>
}

const STORES: [string, () => Promise<Opened>][] = [
  ['PGlite', async () => ({ location: { kind: 'pglite' }, async dispose() {} })],
  [
    'PostgreSQL',
    async () => {
      const { url, schema, drop } = await freshSchema()
      return { location: { kind: 'postgres', url, schema }, dispose: drop }
    },
  ],
]

describe.each(STORES)('lists of 20,000 on %s', (_, open) => {
  const statements: string[] = []
  let opened: Opened
  let orm: Orm
  let store: Store

  beforeAll(async () => {
    opened = await open()
    orm = await connect(opened.location, { onQuery: (sql) => statements.push(sql) })
    store = storeOver(orm, opened.location)
    await store.migrate()
    const started = performance.now()
    await seedLargeDataset(orm.em.fork(), data)
    console.info(`${_}: seeded 200 organizations, 20,000 workspaces and 20,000 users in ${Math.round(performance.now() - started)} ms`)
  }, 120_000)

  afterAll(async () => {
    await store?.close()
    await opened?.dispose()
  })

  /** The plan of `sql`; with `bitmapOnly`, as if the table were large enough to rule out a full scan. */
  async function planOf(sql: string, bitmapOnly: boolean): Promise<string> {
    return orm.em.fork().transactional(async (em) => {
      if (bitmapOnly) {
        await em.execute('set local enable_seqscan = off')
        await em.execute('set local enable_indexscan = off')
      }
      const plan = await em.execute<{ 'QUERY PLAN': string }[]>(`explain ${sql}`)
      return plan.map((row) => row['QUERY PLAN']).join('\n')
    })
  }

  /** A plan without the subplan that counts the matches (its `InitPlan`, run once). */
  function pageOnly(plan: string): string {
    const lines = plan.split('\n')
    const start = lines.findIndex((line) => /^\s*InitPlan/.test(line))
    if (start === -1) return plan
    const depth = (line: string) => line.search(/\S/)
    const end = lines.findIndex((line, i) => i > start && depth(line) <= depth(lines[start] ?? ''))
    return [...lines.slice(0, start), ...lines.slice(end === -1 ? lines.length : end)].join('\n')
  }

  /**
   * Runs one list, checking every query it made: bounded, and reading an index, the trigram
   * indexes when a search is all there is to go by.
   */
  async function listed<T>(list: (repositories: Repositories) => Promise<Page<T>>, search: Search): Promise<Page<T>> {
    statements.length = 0
    const page = await store.unitOfWork.run(list)
    const selects = statements.filter((sql) => /^\s*(select|with)\b/i.test(sql))
    expect(selects.length).toBeGreaterThan(0)
    for (const sql of selects.filter((each) => !/^\s*select count\(\*\)/i.test(each))) {
      expect(sql).toMatch(/ limit \d+/)
      // At 20,000 rows the planner rightly prefers reading the table (a few hundred pages) to a
      // trigram index; what must hold for a search is that an index serves it at all. The total,
      // counted in the same statement, reads every match by nature: only the page is checked.
      const plan = pageOnly(await planOf(sql, search !== 'none'))
      expect(plan, `${sql}\n${plan}`).toMatch(search === 'only' ? /Bitmap Index Scan on \w+_trgm_index/ : /Index/)
      expect(plan, `${sql}\n${plan}`).not.toMatch(/Seq Scan/)
    }
    return page
  }

  function expectPage<T extends { id: string }>(page: Page<T>, matching: readonly T[]): void {
    const start = (page.request.number - 1) * page.request.size
    expect(page.total).toBe(matching.length)
    expect(page.items.map((item) => item.id)).toEqual(matching.slice(start, start + page.request.size).map((item) => item.id))
  }

  it.each(WORKSPACE_CASES)('lists workspaces: %s, a page at a time', async (_, query, pages) => {
    const matching = expectedWorkspaces(data, query)
    for (const page of pages) {
      expectPage(await listed(({ workspaces }) => workspaces.list({ ...query, page }), searchOf(query)), matching)
    }
  })

  it.each(USER_CASES)('lists users: %s, a page at a time', async (_, query, pages) => {
    const matching = expectedUsers(data, query)
    for (const page of pages) {
      expectPage(await listed(({ users }) => users.list({ ...query, page }), searchOf(query)), matching)
    }
  })

  it('counts users of each kind in one aggregate query', async () => {
    statements.length = 0
    await expect(store.unitOfWork.run(({ users }) => users.statusCounts())).resolves.toEqual({
      total: 20_000,
      admin: 200,
      suspended: 400,
    })
    expect(statements.filter((sql) => /^\s*select/i.test(sql))).toHaveLength(1)
  })
})
