import { CairnError } from '../errors/cairn-error.ts'

const MIN_LENGTH = 10
// scrypt reads all of it; a bound keeps one request from buying much CPU.
const MAX_LENGTH = 256

/** A password: 10 to 256 characters. */
export function parsePassword(value: string): string {
  if (value.length < MIN_LENGTH || value.length > MAX_LENGTH) {
    throw CairnError.invalidField('password', `must be ${MIN_LENGTH} to ${MAX_LENGTH} characters`)
  }
  return value
}
