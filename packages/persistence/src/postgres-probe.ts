import { CairnError } from '@cairn/core'
import { MikroORM } from '@mikro-orm/postgresql'
import { postgresAddress } from './postgres-address.ts'
import { postgresStartupError } from './postgres-startup-error.ts'

/** How long opening a store waits for PostgreSQL to answer its first connection. */
export const CONNECT_TIMEOUT_MS = 10_000

/**
 * Connects once to the database at `url` and asks it `select 1`, on a connection of its own that
 * gives up after `timeoutMs` (the store's pool waits for PostgreSQL without a bound, as it should
 * under load, so a server that accepts and never answers would hang the start instead). Raises
 * `unavailable` naming what failed: the server unreachable or silent, the login refused, the
 * database missing.
 */
export async function probePostgres(url: string, timeoutMs: number): Promise<void> {
  const orm = await MikroORM.init({
    clientUrl: url,
    entities: [],
    discovery: { warnWhenNoEntities: false },
    ensureDatabase: false,
    pool: { min: 0, max: 1 },
    driverOptions: { connectionTimeoutMillis: timeoutMs },
  })
  try {
    await orm.em.getConnection().execute('select 1')
  } catch (error) {
    throw isTimeout(error)
      ? new CairnError('unavailable', `${postgresAddress(url).server} did not answer within ${timeoutMs} ms`, [], { cause: error })
      : postgresStartupError(error, url)
  } finally {
    await orm.close(true)
  }
}

/** pg's own connection timeout, which has no code. */
function isTimeout(error: unknown): boolean {
  return error instanceof Error && /timeout/i.test(error.message) && !('code' in error)
}
