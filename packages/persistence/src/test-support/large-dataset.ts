import { RUN_STATUSES, User, type UserQuery, type Workspace, type WorkspaceQuery, type WorkspaceSortKey } from '@cairn/core'
import type { SqlEntityManager } from '@mikro-orm/sql'
import { OrganizationSchema } from '../schema/organization.schema.ts'
import { UserSchema } from '../schema/user.schema.ts'
import { WorkspaceSchema } from '../schema/workspace.schema.ts'
import { toUserRecord } from '../repositories/user-mapper.ts'
import { toWorkspaceRecord } from '../repositories/workspace-mapper.ts'

const EPOCH = Date.UTC(2026, 0, 1)
const at = (minutes: number) => new Date(EPOCH + minutes * 60_000)
const pad = (n: number, width: number) => String(n).padStart(width, '0')

/**
 * A large, deterministic dataset: 200 organizations, 20,000 workspaces (the same 100 names in
 * every organization, some to find by search; most with a current run of one of seven statuses;
 * times that tie in places) and 20,000 users (some administrators, some suspended). The arrays
 * are the oracle the tests compare the store's pages with.
 */
export function largeDataset() {
  const organizations = Array.from({ length: 200 }, (_, i) => ({
    name: `org-${pad(i, 3)}`,
    externalId: `org-${pad(i, 16)}`,
    email: `o${i}@x.test`,
    speculativePlanManagementEnabled: true,
    createdAt: at(0),
  }))
  const statuses = RUN_STATUSES.slice(0, 7)
  const workspaces: Workspace[] = Array.from({ length: 20_000 }, (_, i) => ({
    // Ids run against the order of names and times, so that no order comes out right by accident.
    id: `ws-${pad((i * 7919) % 20_000, 5)}`,
    name: `${i % 97 === 0 ? 'needle' : 'stack'}-${pad(Math.floor(i / 200), 3)}`,
    organizationName: `org-${pad(i % 200, 3)}`,
    toolVersionId: null,
    locked: false,
    createdAt: at(0),
    latestChangeAt: at((i * 104_729) % 5_000),
    currentRun: i % 5 === 0 ? null : { id: `run-${pad(i, 5)}`, status: statuses[i % 7] ?? 'pending', createdAt: at((i * 31) % 3_000) },
  }))
  const users = Array.from({ length: 20_000 }, (_, i) => {
    const username = `user${pad((i * 7919) % 20_000, 5)}`
    return new User({
      id: `user-${pad(i, 5)}`,
      username,
      email: `${username}@corp${i % 10}.test`,
      isSiteAdmin: i % 100 === 0,
      isSuspended: i % 50 === 1,
      isServiceAccount: false,
      twoFactorEnabled: false,
      createdAt: at(0),
    })
  })
  return { organizations, workspaces, users }
}

export type LargeDataset = ReturnType<typeof largeDataset>

/** Inserts the dataset with multi-row inserts, in chunks under PostgreSQL's parameter limit. */
export async function seedLargeDataset(em: SqlEntityManager, data: LargeDataset): Promise<void> {
  await em.transactional(async (tx) => {
    await tx.insertMany(OrganizationSchema, data.organizations)
    for (const chunk of chunksOf(data.workspaces.map(toWorkspaceRecord), 2_000)) await tx.insertMany(WorkspaceSchema, chunk)
    for (const chunk of chunksOf(data.users.map(toUserRecord), 2_000)) await tx.insertMany(UserSchema, chunk)
  })
  await em.execute('analyze')
}

function chunksOf<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size))
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

const SORT_VALUE: Record<WorkspaceSortKey, (w: Workspace) => string | number | null> = {
  name: (w) => w.name,
  currentRunCreatedAt: (w) => w.currentRun?.createdAt.getTime() ?? null,
  latestChangeAt: (w) => w.latestChangeAt.getTime(),
}

/** The workspaces a query matches, in its order: the contract, worked out over the arrays. */
export function expectedWorkspaces(data: LargeDataset, query: Omit<WorkspaceQuery, 'page'>): Workspace[] {
  const needle = query.search?.toLowerCase()
  const { sort, organizationName, currentRunStatuses } = query
  return data.workspaces
    .filter((w) => organizationName === undefined || w.organizationName === organizationName)
    .filter((w) => needle === undefined || `${w.name}\n${w.organizationName}`.toLowerCase().includes(needle))
    .filter((w) => currentRunStatuses === undefined || (w.currentRun !== null && currentRunStatuses.includes(w.currentRun.status)))
    .sort((a, b) => {
      if (sort === undefined) return compare(a.id, b.id)
      const [x, y] = [SORT_VALUE[sort.key](a), SORT_VALUE[sort.key](b)]
      const order = (x === y ? 0 : x === null ? 1 : y === null ? -1 : x < y ? -1 : 1) || compare(a.id, b.id)
      return sort.descending ? -order : order
    })
}

/** The users a query matches, in username order. */
export function expectedUsers(data: LargeDataset, query: Omit<UserQuery, 'page'>): User[] {
  const needle = query.search?.toLowerCase()
  return data.users
    .filter((u) => needle === undefined || `${u.username}\n${u.email}`.toLowerCase().includes(needle))
    .filter((u) => query.isSiteAdmin === undefined || u.isSiteAdmin === query.isSiteAdmin)
    .filter((u) => query.isSuspended === undefined || u.isSuspended === query.isSuspended)
    .sort((a, b) => compare(a.username ?? '', b.username ?? ''))
}
