import { CairnError } from '../errors/cairn-error.ts'

/** One line of a SHA256SUMS file: a file's lower-case hex SHA-256 and its name. */
export interface ShasumsEntry {
  readonly sha256: string
  readonly filename: string
}

/** `sha256sum`'s output: 64 hex digits, two spaces (or a space and `*`, binary mode), a file name without separators. */
const LINE = /^([0-9a-fA-F]{64}) [ *]([^\s/\\]+)$/

/**
 * The lines of a SHA256SUMS file as `sha256sum` (and goreleaser) writes them, which is what the
 * CLI reads: every non-empty line must be one, or the file is refused, naming the line, as
 * the CLI would refuse the release at `init`. A file listed twice is refused too.
 */
export function parseShasums(text: string): ShasumsEntry[] {
  const entries: ShasumsEntry[] = []
  const seen = new Set<string>()
  for (const [index, line] of text.split('\n').entries()) {
    const trimmed = line.replace(/\r$/, '')
    if (trimmed === '') continue
    const match = LINE.exec(trimmed)
    if (match === null) throw CairnError.invalidField('shasums', `line ${index + 1} is not "<sha256>  <file name>"`)
    const [, sha256 = '', filename = ''] = match
    if (seen.has(filename)) throw CairnError.invalidField('shasums', `line ${index + 1} lists ${filename} a second time`)
    seen.add(filename)
    entries.push({ sha256: sha256.toLowerCase(), filename })
  }
  if (entries.length === 0) throw CairnError.invalidField('shasums', 'lists no file')
  return entries
}

/** Whether SHA256SUMS lists `filename` with `sha256`. */
export function listsFile(entries: readonly ShasumsEntry[], filename: string, sha256: string): boolean {
  return entries.some((entry) => entry.filename === filename && entry.sha256 === sha256.toLowerCase())
}
