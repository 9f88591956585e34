import { CairnError } from '../errors/cairn-error.ts'

/** An organization; its name is its id, as in the real API. */
export interface Organization {
  readonly name: string
  readonly email: string
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
