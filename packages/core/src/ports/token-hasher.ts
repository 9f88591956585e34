/** Makes token secrets and keeps only a one-way hash of them. */
export interface TokenHasher {
  /** A fresh secret with enough entropy to be unguessable; shown to its owner once. */
  newSecret(): string
  /** A one-way hash of `secret`, the only form in which a token is stored. */
  hash(secret: string): string
  /** Whether `secret` hashes to `hash`, compared in constant time. */
  matches(secret: string, hash: string): boolean
}
