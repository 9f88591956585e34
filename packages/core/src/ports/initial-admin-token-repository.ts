/** A stored initial admin creation token (IACT): only the hash of its secret. */
export interface InitialAdminToken {
  readonly secretHash: string
  readonly createdAt: Date
}

/**
 * The IACTs issued while the site has no administrator. Each server process issues its own at
 * start; any of them creates the first administrator, after which all are cleared.
 */
export interface InitialAdminTokenRepository {
  add(token: InitialAdminToken): Promise<void>
  list(): Promise<readonly InitialAdminToken[]>
  clear(): Promise<void>
}
