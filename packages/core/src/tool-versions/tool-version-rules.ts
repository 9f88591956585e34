import { FieldErrors } from '../errors/field-errors.ts'
import type { ToolArchive, ToolVersion, ToolVersionFields } from './tool-version.ts'

// N.N.N, optionally followed by "-" and a bundle name (letters, digits, ".", "_", "-").
const VERSION = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z][0-9A-Za-z._-]*)?$/
const SHA256 = /^[0-9a-fA-F]{64}$/
const PLATFORM_PART = /^[a-z0-9_]{1,32}$/
const MAX_URL_LENGTH = 2048
const MAX_REASON_LENGTH = 1000
const MAX_ARCHS = 64

/** A tool version's fields as stored: binaries resolved, top-level url and sha mirroring linux/amd64. */
export type ResolvedToolVersionFields = Omit<ToolVersion, 'id' | 'createdAt' | 'updatedAt'>

/**
 * Checks every rule of spec §2.5 on the complete set of fields a tool version would have, and
 * returns them normalised (lower-case shas, trimmed urls) with the binaries resolved: `archs` as
 * given, or one linux/amd64 entry made of `url` and `sha`. Raises `invalid` naming every bad field.
 */
export function validateToolVersionFields(fields: ToolVersionFields): ResolvedToolVersionFields {
  const errors = new FieldErrors()
  if (fields.version.length > 128 || !VERSION.test(fields.version)) {
    errors.add('version', 'must be a version of the form N.N.N or N.N.N-bundleName')
  }
  const archs = resolveArchs(fields, errors)
  if (fields.deprecatedReason !== null) {
    if (!fields.deprecated) errors.add('deprecatedReason', 'must be null unless deprecated is true')
    else if (fields.deprecatedReason.length > MAX_REASON_LENGTH) {
      errors.add('deprecatedReason', `must be at most ${MAX_REASON_LENGTH} characters`)
    }
  }
  errors.throwIfAny()
  const { version, deprecated, deprecatedReason, official, enabled, beta } = fields
  const linuxAmd64 = archs.find(isLinuxAmd64)
  return { version, deprecated, deprecatedReason, official, enabled, beta, archs, url: linuxAmd64?.url ?? '', sha: linuxAmd64?.sha ?? '' }
}

/** The binaries the fields describe, normalised; problems go to `errors`. */
function resolveArchs(fields: ToolVersionFields, errors: FieldErrors): ToolArchive[] {
  const url = fields.url?.trim()
  const sha = fields.sha?.toLowerCase()
  if (url !== undefined && !isDownloadUrl(url)) errors.add('url', 'must be an absolute http or https URL')
  if (sha !== undefined && !SHA256.test(sha)) errors.add('sha', 'must be a SHA-256 checksum of 64 hexadecimal digits')
  if (fields.archs === undefined) {
    if (url === undefined) errors.add('url', 'is required unless archs is given')
    if (sha === undefined) errors.add('sha', 'is required unless archs is given')
    return [{ url: url ?? '', sha: sha ?? '', os: 'linux', arch: 'amd64' }]
  }
  const archs = fields.archs.map((archive, index) => checkedArchive(archive, `archs.${index}`, errors))
  if (archs.length === 0 || archs.length > MAX_ARCHS) errors.add('archs', `must have between 1 and ${MAX_ARCHS} entries`)
  const seen = new Set<string>()
  archs.forEach((archive, index) => {
    const platform = `${archive.os}/${archive.arch}`
    if (seen.has(platform)) errors.add(`archs.${index}`, `repeats the ${platform} entry`)
    seen.add(platform)
  })
  if (url === undefined && sha === undefined) return archs
  const linuxAmd64 = archs.find(isLinuxAmd64)
  if (linuxAmd64 === undefined) {
    // The top-level pair is the linux/amd64 binary the list lacks.
    if (url === undefined) errors.add('url', 'is required with sha when archs has no linux/amd64 entry')
    if (sha === undefined) errors.add('sha', 'is required with url when archs has no linux/amd64 entry')
    return [{ url: url ?? '', sha: sha ?? '', os: 'linux', arch: 'amd64' }, ...archs]
  }
  if (url !== undefined && url !== linuxAmd64.url) errors.add('url', 'must be the url of the linux/amd64 entry of archs')
  if (sha !== undefined && sha !== linuxAmd64.sha) errors.add('sha', 'must be the sha of the linux/amd64 entry of archs')
  return archs
}

function checkedArchive(archive: ToolArchive, field: string, errors: FieldErrors): ToolArchive {
  const url = archive.url.trim()
  const sha = archive.sha.toLowerCase()
  if (!isDownloadUrl(url)) errors.add(`${field}.url`, 'must be an absolute http or https URL')
  if (!SHA256.test(sha)) errors.add(`${field}.sha`, 'must be a SHA-256 checksum of 64 hexadecimal digits')
  if (!PLATFORM_PART.test(archive.os)) errors.add(`${field}.os`, 'must be 1 to 32 lower-case letters, digits or _')
  if (!PLATFORM_PART.test(archive.arch)) errors.add(`${field}.arch`, 'must be 1 to 32 lower-case letters, digits or _')
  return { url, sha, os: archive.os, arch: archive.arch }
}

function isLinuxAmd64(archive: ToolArchive): boolean {
  return archive.os === 'linux' && archive.arch === 'amd64'
}

function isDownloadUrl(value: string): boolean {
  if (value.length > MAX_URL_LENGTH || !URL.canParse(value)) return false
  const { protocol, hostname } = new URL(value)
  return (protocol === 'https:' || protocol === 'http:') && hostname !== ''
}
