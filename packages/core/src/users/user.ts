import { CairnError } from '../errors/cairn-error.ts'

export interface UserState {
  readonly id: string
  /** Null for a placeholder: an address invited to an organization before anyone signed up with it. */
  readonly username: string | null
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
  readonly username: string | null
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

  /** A user for an invited address that nobody has signed up with yet; it cannot sign in. */
  static placeholder(state: { readonly id: string; readonly email: string; readonly createdAt: Date }): User {
    return new User({
      ...state,
      username: null,
      isSiteAdmin: false,
      isSuspended: false,
      isServiceAccount: false,
      twoFactorEnabled: false,
    })
  }

  get isPlaceholder(): boolean {
    return this.username === null
  }

  /**
   * The account someone signs up with (or an admin creates) for the address of this placeholder:
   * it keeps the placeholder's id, so the invitations sent to the address become theirs.
   */
  claim(account: Omit<UserState, 'id' | 'email'>): User {
    if (!this.isPlaceholder) throw CairnError.invalidField('email', 'has already been taken')
    return this.#with({ ...account, id: this.id, email: this.email })
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
