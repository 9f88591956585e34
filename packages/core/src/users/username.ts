import { CairnError } from '../errors/cairn-error.ts'

const USERNAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,62}[A-Za-z0-9]$|^[A-Za-z0-9]$/
// Deliberately loose: one @, something on each side, no spaces or control characters.
// Deliverability is not ours to judge.
const EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+$/u

/** A username: letters, digits, `-` and `_` (not first or last), at most 64 characters. */
export function parseUsername(value: string): string {
  if (!USERNAME.test(value)) {
    throw CairnError.invalidField('username', 'must be 1 to 64 letters, digits, "-" or "_", starting and ending with a letter or digit')
  }
  return value
}

/** An e-mail address, trimmed and in lower case so that uniqueness ignores case. */
export function parseEmail(value: string): string {
  const email = value.trim().toLowerCase()
  if (!EMAIL.test(email) || email.length > 254) {
    throw CairnError.invalidField('email', 'must be an e-mail address')
  }
  return email
}
