import type { UnitOfWork } from '@cairn/core'
import { anOrganization, aUser } from '../builders/builders.ts'

/** A page large enough for any contract's list. */
export const PAGE = { number: 1, size: 50 }

const EPOCH = Date.UTC(2026, 0, 1)

/** A distinct instant `n` minutes after the builders' epoch, for ordering by time. */
export function minute(n: number): Date {
  return new Date(EPOCH + n * 60_000)
}

/** Stores users with these usernames (`user-<username>` ids), in one unit of work. */
export async function seedUsers(unitOfWork: UnitOfWork, ...usernames: string[]): Promise<void> {
  await unitOfWork.run(async ({ users }) => {
    for (const username of usernames) {
      await users.add(aUser({ id: `user-${username}`, username, email: `${username}@example.com` }))
    }
  })
}

/** Stores organizations with these names, in one unit of work. */
export async function seedOrganizations(unitOfWork: UnitOfWork, ...names: string[]): Promise<void> {
  await unitOfWork.run(async ({ organizations }) => {
    for (const name of names) await organizations.add(anOrganization({ name, email: `owners@${name}.test` }))
  })
}

/** The ids of listed items, in order. */
export function idsOf(items: readonly { readonly id: string }[]): string[] {
  return items.map((item) => item.id)
}
