import { FieldErrors } from '../errors/field-errors.ts'
import type { ToolVersionFields } from './tool-version.ts'

// N.N.N, optionally followed by "-" and a bundle name (letters, digits, ".", "_", "-").
const VERSION = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z][0-9A-Za-z._-]*)?$/
const SHA256 = /^[0-9a-fA-F]{64}$/
const MAX_URL_LENGTH = 2048
const MAX_REASON_LENGTH = 1000

/**
 * Checks every rule of spec §2.5 on the complete set of fields a tool version would have, and
 * returns them normalised (lower-case sha, trimmed url). Raises `invalid` naming every bad field.
 */
export function validateToolVersionFields(fields: ToolVersionFields): ToolVersionFields {
  const errors = new FieldErrors()
  if (fields.version.length > 128 || !VERSION.test(fields.version)) {
    errors.add('version', 'must be a version of the form N.N.N or N.N.N-bundleName')
  }
  const url = fields.url.trim()
  if (!isDownloadUrl(url)) errors.add('url', 'must be an absolute http or https URL')
  if (!SHA256.test(fields.sha)) errors.add('sha', 'must be a SHA-256 checksum of 64 hexadecimal digits')
  if (fields.deprecatedReason !== null) {
    if (!fields.deprecated) errors.add('deprecatedReason', 'must be null unless deprecated is true')
    else if (fields.deprecatedReason.length > MAX_REASON_LENGTH) {
      errors.add('deprecatedReason', `must be at most ${MAX_REASON_LENGTH} characters`)
    }
  }
  errors.throwIfAny()
  return { ...fields, url, sha: fields.sha.toLowerCase() }
}

function isDownloadUrl(value: string): boolean {
  if (value.length > MAX_URL_LENGTH || !URL.canParse(value)) return false
  const { protocol, hostname } = new URL(value)
  return (protocol === 'https:' || protocol === 'http:') && hostname !== ''
}
