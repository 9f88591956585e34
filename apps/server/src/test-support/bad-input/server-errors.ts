import { vi } from 'vitest'

const isError = (line: string) => line.includes('"level":"error"')

/** The lines the server logged as unexpected errors, since a mark. */
export interface ServerErrors {
  mark(): number
  since(mark: number): string[]
  restore(): void
}

/**
 * The server logs unexpected errors as JSON lines on standard error: they are kept for the
 * failure messages (see `check`), not printed; anything else passes through.
 */
export function captureServerErrors(): ServerErrors {
  const writeStderr = process.stderr.write.bind(process.stderr) as (chunk: unknown) => boolean
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => isError(String(chunk)) || writeStderr(chunk))
  return {
    mark: () => stderr.mock.calls.length,
    since: (mark) =>
      stderr.mock.calls
        .slice(mark)
        .map(([chunk]) => String(chunk))
        .filter(isError),
    restore: () => stderr.mockRestore(),
  }
}
