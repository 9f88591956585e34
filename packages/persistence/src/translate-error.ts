import { CairnError, type FieldError } from '@cairn/core'
import {
  ConnectionException,
  DeadlockException,
  ForeignKeyConstraintViolationException,
  UniqueConstraintViolationException,
} from '@mikro-orm/core'

const TAKEN = 'has already been taken'

/** Which domain field each unique constraint protects, for a 422 that names it. */
const UNIQUE_FIELDS: Readonly<Record<string, FieldError>> = {
  users_username_unique: { field: 'username', message: TAKEN },
  users_email_unique: { field: 'email', message: TAKEN },
  tool_versions_version_unique: { field: 'version', message: TAKEN },
  workspaces_organization_name_name_unique: { field: 'name', message: TAKEN },
  organizations_pkey: { field: 'name', message: TAKEN },
  teams_organization_name_name_unique: { field: 'name', message: TAKEN },
  registry_modules_address_unique: { field: 'name', message: TAKEN },
  module_versions_module_id_version_unique: { field: 'version', message: TAKEN },
  registry_providers_address_unique: { field: 'name', message: TAKEN },
  registry_provider_versions_provider_id_version_unique: { field: 'version', message: TAKEN },
  registry_provider_platforms_version_id_os_arch_unique: { field: 'os', message: TAKEN },
  registry_gpg_keys_namespace_key_id_unique: { field: 'key-id', message: TAKEN },
  mirrored_provider_archives_platform_unique: { field: 'platform', message: TAKEN },
  module_packages_version_id_archive_sha256_unique: { field: 'archive', message: 'has already been packaged' },
  organization_memberships_organization_name_user_id_unique: {
    field: 'user',
    message: 'is already a member of the organization',
  },
}

/**
 * What each foreign key means when a write names a row that does not exist. Every one but the
 * tool version's cascades on delete, so only that one can also refuse a delete (`referenced`).
 */
const FOREIGN_KEYS: Readonly<Record<string, { missing: () => CairnError; referenced?: () => CairnError }>> = {
  auth_tokens_user_id_foreign: { missing: () => CairnError.notFound('user') },
  auth_tokens_team_id_foreign: { missing: () => CairnError.notFound('team') },
  auth_tokens_organization_name_foreign: { missing: () => CairnError.notFound('organization') },
  sessions_user_id_foreign: { missing: () => CairnError.notFound('user') },
  sessions_impersonator_id_foreign: { missing: () => CairnError.notFound('impersonator') },
  login_codes_user_id_foreign: { missing: () => CairnError.notFound('user') },
  organization_memberships_organization_name_foreign: { missing: () => CairnError.notFound('organization') },
  organization_memberships_user_id_foreign: { missing: () => CairnError.notFound('user') },
  teams_organization_name_foreign: { missing: () => CairnError.notFound('organization') },
  team_members_team_id_foreign: { missing: () => CairnError.notFound('team') },
  team_members_user_id_foreign: { missing: () => CairnError.notFound('user') },
  workspaces_organization_name_foreign: { missing: () => CairnError.notFound('organization') },
  workspaces_tool_version_id_foreign: {
    missing: () => CairnError.invalidField('toolVersion', 'does not exist'),
    referenced: () => CairnError.invalidField('usage', 'the tool version is used by a workspace'),
  },
  runs_workspace_id_foreign: { missing: () => CairnError.notFound('workspace') },
  registry_modules_organization_name_foreign: { missing: () => CairnError.notFound('organization') },
  module_versions_module_id_foreign: { missing: () => CairnError.notFound('registry module') },
  registry_providers_organization_name_foreign: { missing: () => CairnError.notFound('organization') },
  registry_provider_versions_provider_id_foreign: { missing: () => CairnError.notFound('registry provider') },
  registry_provider_platforms_version_id_foreign: { missing: () => CairnError.notFound('registry provider version') },
  registry_gpg_keys_organization_name_foreign: { missing: () => CairnError.notFound('organization') },
}

/** Whether the failed statement wrote rows that reference others, or deleted referenced rows. */
export type Statement = 'write' | 'delete'

/**
 * Turns a driver failure into the domain error it means: a unique violation is a taken value, a
 * foreign key violation a missing or still-used row, a lost connection `unavailable`. Anything
 * else is a bug and is rethrown as is.
 */
export function translateError(error: unknown, statement: Statement = 'write'): unknown {
  if (error instanceof UniqueConstraintViolationException || sqlStateOf(error) === UNIQUE_VIOLATION) {
    const field = UNIQUE_FIELDS[constraintOf(error)]
    if (field !== undefined) return CairnError.invalid([field])
  }
  if (error instanceof ForeignKeyConstraintViolationException || sqlStateOf(error) === FOREIGN_KEY_VIOLATION) {
    const meaning = FOREIGN_KEYS[constraintOf(error)]
    const translation = statement === 'delete' ? meaning?.referenced : meaning?.missing
    if (translation !== undefined) return translation()
  }
  if (isConnectionFailure(error)) {
    return new CairnError('unavailable', 'the database is not reachable', [], { cause: error })
  }
  const state = sqlStateOf(error)
  const unfit = typeof state === 'string' ? UNFIT_VALUES[state] : undefined
  if (unfit !== undefined) return new CairnError('invalid', unfit, [{ field: '', message: unfit }], { cause: error })
  return error
}

/**
 * Values the domain should already have refused, kept as a last line: a 422 rather than a 500
 * if one slips through (`22001` too long, `22003` a number out of its column's range,
 * `22021`/`22P05` characters PostgreSQL cannot hold).
 */
const UNFIT_VALUES: Readonly<Record<string, string>> = {
  '22001': 'holds a value longer than the store allows',
  '22003': 'holds a number out of the range the store allows',
  '22021': 'holds a character the store cannot keep',
  '22P05': 'holds a character the store cannot keep',
}

/**
 * What a failed unit of work means: as `translateError`, and a serialization failure that outlasted
 * the retries is `unavailable` (retry later). Statements leave serialization failures as they are,
 * so that they reach the unit of work, which retries them.
 */
export function translateTransactionError(error: unknown): unknown {
  if (isSerializationFailure(error)) {
    return new CairnError('unavailable', 'the change collided with concurrent ones too often; retry it', [], { cause: error })
  }
  return translateError(error)
}

/**
 * Whether PostgreSQL aborted the transaction for running concurrently with others: it could not
 * serialize it (40001) or it deadlocked with one (40P01). MikroORM converts both to a
 * `DeadlockException` when a statement fails; a failure at COMMIT reaches us as the driver's own
 * error. Both carry the SQLSTATE as `code`.
 */
export function isSerializationFailure(error: unknown): boolean {
  const code = sqlStateOf(error)
  return error instanceof DeadlockException || code === SERIALIZATION_FAILURE || code === DEADLOCK_DETECTED
}

/** Runs a store operation, translating its failures. */
export async function translated<T>(operation: () => Promise<T>, statement: Statement = 'write'): Promise<T> {
  try {
    return await operation()
  } catch (error) {
    throw translateError(error, statement)
  }
}

/** Runs an update of one row by id; raises `not_found` (naming `what`) when there is none. */
export async function updatedOne(what: string, update: () => Promise<number>): Promise<void> {
  if ((await translated(update)) === 0) throw CairnError.notFound(what)
}

// Query-builder statements can surface the driver's error unconverted: known by its SQLSTATE.
const UNIQUE_VIOLATION = '23505'
const FOREIGN_KEY_VIOLATION = '23503'
const SERIALIZATION_FAILURE = '40001'
const DEADLOCK_DETECTED = '40P01'

function sqlStateOf(error: unknown): unknown {
  return error instanceof Error ? (error as Error & { code?: unknown }).code : undefined
}

/** The PostgreSQL drivers copy the violated constraint's name onto the exception. */
function constraintOf(error: unknown): string {
  const constraint: unknown = (error as { constraint?: unknown }).constraint
  return typeof constraint === 'string' ? constraint : ''
}

// Socket errors reach us raw from the pg driver when a connection cannot even be made.
const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', '57P01'])

function isConnectionFailure(error: unknown): boolean {
  if (error instanceof ConnectionException) return true
  const code: unknown = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)
}
