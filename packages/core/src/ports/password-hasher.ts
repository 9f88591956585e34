/** Turns a password into a salted, deliberately slow one-way hash: the only form in which it is stored. */
export interface PasswordHasher {
  hash(password: string): Promise<string>
}

export const PASSWORD_HASHER = Symbol('PasswordHasher')
