/**
 * How the processes sharing a store (servers, the CLI, hosts embedding Cairn, all on one
 * PostgreSQL database) tell each other that they wrote to it, so that each clears what its caches
 * kept (`StoreWrites` hears both) instead of serving it until it expires.
 *
 * An adapter bounds how late a change is heard (PostgreSQL: about a second, see
 * `PostgresStoreChanges`); a store only one process can open needs no more than the local
 * clearing, and announces to nobody.
 */
export interface StoreChanges {
  /**
   * Tells the other processes sharing the store that this one committed a write. Called once the
   * write's transaction has committed, so that whoever hears it reads the new state. Never
   * rejects: an announcement the store cannot take now is the adapter's to make again later.
   */
  announce(): Promise<void>
  /**
   * Has `listener` called whenever another process may have written to the store since the last
   * call, within the adapter's bound; also when the adapter cannot tell (the store unreachable),
   * and possibly after this process's own announcements. Calls are cheap to have too many of,
   * never too few.
   */
  subscribe(listener: () => void): void
}

/**
 * The feed of a store only one process opens (PGlite, an in-memory store): that process clears
 * its own caches after its writes, and nobody is left to tell.
 */
export const UNSHARED_STORE_CHANGES: StoreChanges = { announce: async () => undefined, subscribe: () => undefined }
