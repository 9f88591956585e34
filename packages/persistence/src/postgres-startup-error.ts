import { CairnError } from '@cairn/core'
import { postgresAddress, withoutPassword } from './postgres-address.ts'

/** Socket errors that mean the server was not reached at all. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'ENOENT'])

/** SQLSTATEs of a refused login: invalid_password, invalid_authorization_specification (no such role, pg_hba). */
const AUTHENTICATION = new Set(['28P01', '28000'])

/** invalid_catalog_name: the database named in the URL does not exist. */
const NO_SUCH_DATABASE = '3D000'

/**
 * What a failure to start on PostgreSQL at `url` was, as the `unavailable` error the docs promise:
 * naming the server, the role or the database, never the password. A `CairnError` passes through.
 */
export function postgresStartupError(error: unknown, url: string): CairnError {
  if (error instanceof CairnError) return error
  const { server, database, user } = postgresAddress(url)
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined
  const detail = withoutPassword(error instanceof Error ? error.message : String(error), url)
  const message =
    code !== undefined && UNREACHABLE.has(code)
      ? `cannot reach ${server}: ${detail}`
      : code !== undefined && AUTHENTICATION.has(code)
        ? `${server} refused role "${user}": authentication failed (${detail}); check the role and password`
        : code === NO_SUCH_DATABASE
          ? `database "${database}" does not exist on ${server}; Cairn never creates a database: create it, or fix the database name`
          : `cannot open the database "${database}" on ${server}: ${detail}`
  return new CairnError('unavailable', message, [], { cause: error })
}
