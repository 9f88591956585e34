import type { Page, PageRequest } from '../shared/page.ts'
import type { User } from '../users/user.ts'

export interface UserQuery {
  /** Only users whose username or e-mail address contains this, case-insensitively. */
  readonly search?: string
  readonly isSiteAdmin?: boolean
  readonly isSuspended?: boolean
  readonly page: PageRequest
}

/** How many users there are of each kind, across the whole site. */
export interface UserStatusCounts {
  readonly total: number
  readonly suspended: number
  readonly admin: number
}

/** Users, stored. Usernames and e-mail addresses are unique. */
export interface UserRepository {
  /** A page of users ordered by username, filtered, searched and paged by the store. */
  list(query: UserQuery): Promise<Page<User>>
  statusCounts(): Promise<UserStatusCounts>
  /** `list`'s page with `statusCounts`, read together: the admin list shows both. */
  listWithStatusCounts(query: UserQuery): Promise<{ readonly page: Page<User>; readonly statusCounts: UserStatusCounts }>
  findById(id: string): Promise<User | undefined>
  findByUsername(username: string): Promise<User | undefined>
  findByEmail(email: string): Promise<User | undefined>
  /** Stores a new user. Raises `invalid` on `username` or `email` when either is already taken. */
  add(user: User): Promise<void>
  /** Replaces a stored user's state. */
  update(user: User): Promise<void>
  /** Stores the hash of the user's password (a `PasswordHasher` hash), replacing any earlier one. */
  setPasswordHash(id: string, passwordHash: string): Promise<void>
  /** The hash of the user's password, or undefined when they have none. */
  findPasswordHash(id: string): Promise<string | undefined>
  /** Removes a user with their memberships, tokens and sessions. */
  remove(id: string): Promise<void>
}
