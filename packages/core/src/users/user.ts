import { CairnError } from '../errors/cairn-error.ts'

export interface UserState {
  readonly id: string
  readonly username: string
  readonly email: string
  readonly isSiteAdmin: boolean
  readonly isSuspended: boolean
  readonly isServiceAccount: boolean
  readonly twoFactorEnabled: boolean
  readonly createdAt: Date
}

/**
 * A person or service account. Immutable: each transition of spec §3 returns a new user and
 * refuses with `precondition` when the user is not in the state the transition starts from.
 */
export class User implements UserState {
  readonly id: string
  readonly username: string
  readonly email: string
  readonly isSiteAdmin: boolean
  readonly isSuspended: boolean
  readonly isServiceAccount: boolean
  readonly twoFactorEnabled: boolean
  readonly createdAt: Date

  constructor(state: UserState) {
    this.id = state.id
    this.username = state.username
    this.email = state.email
    this.isSiteAdmin = state.isSiteAdmin
    this.isSuspended = state.isSuspended
    this.isServiceAccount = state.isServiceAccount
    this.twoFactorEnabled = state.twoFactorEnabled
    this.createdAt = state.createdAt
  }

  suspend(): User {
    if (this.isSuspended) throw new CairnError('precondition', 'user is already suspended')
    return this.#with({ isSuspended: true })
  }

  unsuspend(): User {
    if (!this.isSuspended) throw new CairnError('precondition', 'user is not suspended')
    return this.#with({ isSuspended: false })
  }

  grantAdmin(): User {
    if (this.isSiteAdmin) throw new CairnError('precondition', 'user is already a site administrator')
    return this.#with({ isSiteAdmin: true })
  }

  revokeAdmin(): User {
    if (!this.isSiteAdmin) throw new CairnError('precondition', 'user is not a site administrator')
    return this.#with({ isSiteAdmin: false })
  }

  disableTwoFactor(): User {
    if (!this.twoFactorEnabled) {
      throw new CairnError('precondition', 'user does not have two-factor authentication enabled')
    }
    return this.#with({ twoFactorEnabled: false })
  }

  #with(change: Partial<UserState>): User {
    return new User({ ...this, ...change })
  }
}
