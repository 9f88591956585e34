import { CairnError } from '@cairn/core'
import {
  ConnectionException,
  ForeignKeyConstraintViolationException,
  UniqueConstraintViolationException,
} from '@mikro-orm/core'

/** Which domain field each unique constraint protects, for a 422 that names it. */
const UNIQUE_FIELDS: Readonly<Record<string, string>> = {
  users_username_unique: 'username',
  users_email_unique: 'email',
  tool_versions_version_unique: 'version',
  workspaces_organization_name_name_unique: 'name',
}

/** Which rule each foreign key enforces when a referenced row is deleted or missing. */
const FOREIGN_KEY_FIELDS: Readonly<Record<string, { field: string; message: string }>> = {
  workspaces_tool_version_id_foreign: { field: 'usage', message: 'the tool version is used by a workspace' },
}

/**
 * Turns a driver failure into the domain error it means: a unique violation is a taken value, a
 * foreign key violation a rule of the domain, a lost connection `unavailable`. Anything else is a
 * bug and is rethrown as is.
 */
export function translateError(error: unknown): unknown {
  if (error instanceof UniqueConstraintViolationException) {
    const field = UNIQUE_FIELDS[constraintOf(error)]
    if (field !== undefined) return CairnError.invalidField(field, 'has already been taken')
  }
  if (error instanceof ForeignKeyConstraintViolationException) {
    const rule = FOREIGN_KEY_FIELDS[constraintOf(error)]
    if (rule !== undefined) return CairnError.invalidField(rule.field, rule.message)
  }
  if (isConnectionFailure(error)) {
    return new CairnError('unavailable', 'the database is not reachable', [], { cause: error })
  }
  return error
}

/** Runs a store operation, translating its failures. */
export async function translated<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation()
  } catch (error) {
    throw translateError(error)
  }
}

/** The PostgreSQL drivers copy the violated constraint's name onto the exception. */
function constraintOf(error: Error): string {
  const constraint: unknown = (error as Error & { constraint?: unknown }).constraint
  return typeof constraint === 'string' ? constraint : ''
}

// Socket errors reach us raw from the pg driver when a connection cannot even be made.
const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', '57P01'])

function isConnectionFailure(error: unknown): boolean {
  if (error instanceof ConnectionException) return true
  const code: unknown = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)
}
