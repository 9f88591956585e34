/**
 * Where a module keeps what the registry describes: configuration and a README at the root, in
 * each `modules/<name>` and in each `examples/<name>`. Nothing else in the archive is analysed.
 */

/** The directories whose children are parts of the module. */
const PART_PARENTS = new Set(['modules', 'examples'])

/** What an analysed file is for. */
export type FileRole = 'configuration' | 'readme'

/**
 * A file Terraform loads: `.tf` or `.tf.json`, but not the hidden or editor-backup files it skips
 * (leading `.` or `#`).
 */
export function isConfigurationFile(name: string): boolean {
  return (name.endsWith('.tf') || name.endsWith('.tf.json')) && !/^[.#]/.test(name)
}

/** `README.md` in any letter case, as hosted registries find it. */
export function isReadme(name: string): boolean {
  return name.toLowerCase() === 'readme.md'
}

/** The part (`''`, `modules/x`, `examples/x`) a directory path denotes, or null when it is none. */
export function partOf(directory: readonly string[]): string | null {
  if (directory.length === 0) return ''
  const [parent, name] = directory
  if (directory.length === 2 && parent !== undefined && PART_PARENTS.has(parent)) return `${parent}/${name}`
  return null
}

/** The part directory an entry lies in or is, when it lies below `modules/` or `examples/`. */
export function enclosingPart(segments: readonly string[], isDirectory: boolean): string | null {
  const depth = isDirectory ? segments.length : segments.length - 1
  return depth >= 2 ? partOf(segments.slice(0, 2)) : null
}

/** What a file is analysed as, or null when the analysis does not read it. */
export function roleOf(segments: readonly string[]): FileRole | null {
  const name = segments.at(-1)
  if (name === undefined || partOf(segments.slice(0, -1)) === null) return null
  if (isConfigurationFile(name)) return 'configuration'
  if (isReadme(name)) return 'readme'
  return null
}
