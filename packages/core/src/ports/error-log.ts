/** Something that records what went wrong unexpectedly; never given secrets. */
export interface ErrorLog {
  error(message: string, details: Record<string, unknown>): void
}
