import type { StoreCache } from '../caching/store-cache.ts'
import type { OperatorPrincipal, Principal } from './principal.ts'

/** What authenticating a token found: the hash its secret must match, and who it acts for. */
export interface CredentialEntry {
  readonly secretHash: string
  readonly principal: Exclude<Principal, OperatorPrincipal>
}

/** Token id → credential, cleared by every write of this process or announced by another (see `StoreCache`). */
export type CachedCredentials = StoreCache<CredentialEntry>
