import { CairnError } from '../errors/cairn-error.ts'

/**
 * How every organization's members sign in, in the real API's words. Only `password` is offered:
 * Cairn has no two-factor sign-in to enforce, and accepting `two_factor_mandatory` would tell
 * owners their members are held to a second factor they are not.
 */
export const COLLABORATOR_AUTH_POLICY = 'password'

/** An organization; its name is its id, as in the real API. */
export interface Organization {
  readonly name: string
  /** An opaque id (`org-…`) that, unlike the name, no later organization of the same name reuses. */
  readonly externalId: string
  readonly email: string
  /**
   * Whether runs of superseded commits' speculative plans are cancelled, as the real API records
   * it (default true). Cairn runs no speculative plans: it is kept and returned, nothing more.
   */
  readonly speculativePlanManagementEnabled: boolean
  readonly createdAt: Date
}

const NAME = /^[A-Za-z0-9](?:[A-Za-z0-9_-]{0,62}[A-Za-z0-9])?$/

/** An organization name: letters, digits, `-` and `_` (not first or last), at most 64 characters. */
export function parseOrganizationName(value: string, field = 'name'): string {
  if (!NAME.test(value)) {
    throw CairnError.invalidField(field, 'must be 1 to 64 letters, digits, "-" or "_", starting and ending with a letter or digit')
  }
  return value
}

/** Checks a requested collaborator auth policy (none requested is fine): only the one Cairn enforces is accepted. */
export function checkCollaboratorAuthPolicy(value: string | undefined): void {
  if (value === undefined || value === COLLABORATOR_AUTH_POLICY) return
  const why = value === 'two_factor_mandatory' ? 'cannot be two_factor_mandatory: Cairn has no two-factor sign-in' : 'must be password'
  throw CairnError.invalidField('collaboratorAuthPolicy', why)
}
