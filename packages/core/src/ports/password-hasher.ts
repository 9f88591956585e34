/** Turns a password into a salted, deliberately slow one-way hash: the only form in which it is stored. */
export interface PasswordHasher {
  hash(password: string): Promise<string>
  /** Whether `password` is the one `hash` (from `hash`) was made of; false for a hash it cannot read. Takes as long either way. */
  verify(password: string, hash: string): Promise<boolean>
}
