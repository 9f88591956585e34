import type { User } from '../users/user.ts'

/** Users, stored. Usernames and e-mail addresses are unique. */
export interface UserRepository {
  findById(id: string): Promise<User | undefined>
  findByUsername(username: string): Promise<User | undefined>
  /** Stores a new user. Raises `invalid` on `username` or `email` when either is already taken. */
  add(user: User): Promise<void>
  /** Replaces a stored user's state. */
  update(user: User): Promise<void>
}
