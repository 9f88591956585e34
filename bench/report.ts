/** Prints an aligned text table: the first column left-aligned, the others right-aligned. */
export function table(title: string, headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)))
  const line = (cells: readonly string[]): string =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ')
  const rule = widths.map((width) => '-'.repeat(width)).join('  ')
  return [`\n${title}`, line(headers), rule, ...rows.map(line)].join('\n')
}

export const ms = (value: number): string => (value < 10 ? value.toFixed(3) : value < 100 ? value.toFixed(2) : value.toFixed(1))
export const ratio = (value: number): string =>
  `${value >= 10 ? value.toFixed(0) : value >= 0.1 ? value.toFixed(2) : value.toPrecision(2)}×`
export const mib = (bytes: number): string => (bytes / (1024 * 1024)).toFixed(1)
export const mb = (bytes: number): string => (bytes / 1e6).toFixed(1)

/** Progress on stderr, so that stdout holds only the tables. */
export function progress(message: string): void {
  process.stderr.write(`· ${message}\n`)
}
