/** One line of a SHA256SUMS file: a file's lower-case hex SHA-256 and its name. */
export interface ShasumsEntry {
  readonly sha256: string
  readonly filename: string
}
