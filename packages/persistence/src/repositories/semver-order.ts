/** A normalised semver: its three numbers, its prerelease identifiers, its build metadata (ignored). */
const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/

/** A number that sorts as text: its digit count first (normalised semver has no leading zeros). */
const sortableNumber = (digits: string) => `${String(digits.length).padStart(2, '0')}${digits}`

/**
 * A text whose byte order is semver precedence, so the database can page versions newest semver
 * first (1.10.0 above 1.9.0, a prerelease below its release) with a plain index. Prerelease
 * identifiers: numeric ones ('0'-prefixed) below alphanumeric ones ('1'-prefixed), joined by '!',
 * which sorts below every identifier character, so fewer identifiers sort lower; a release ends in
 * '~', above the '-' that starts a prerelease.
 */
export function semverOrderKey(version: string): string {
  const match = SEMVER.exec(version)
  if (match === null) throw new Error(`not a normalised semver: ${version}`)
  const [, major = '', minor = '', patch = '', prerelease] = match
  const core = [major, minor, patch].map(sortableNumber).join('.')
  if (prerelease === undefined) return `${core}~`
  const identifiers = prerelease.split('.').map((id) => (/^\d+$/.test(id) ? `0${sortableNumber(id)}` : `1${id}`))
  return `${core}-${identifiers.join('!')}`
}
