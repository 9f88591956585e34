import type { PairedResult } from './throughput.ts'

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

/** The columns of a load measured in rounds against the bare endpoint (`pairedLoadTest`), and its row. */
export const PAIRED_HEADERS = [
  'endpoint',
  'requests/s',
  'p50 ms',
  'p99 ms',
  '÷ bare',
  'rounds ÷ bare',
  'rounds p99 ms',
  'bare requests/s',
  'bare p99 ms',
  'non-2xx',
  'errors',
] as const

export function pairedRow(load: PairedResult): string[] {
  return [
    load.name,
    load.requestsPerSecond.toFixed(0),
    String(load.latencyP50Ms),
    String(load.latencyP99Ms),
    ratio(load.ratioToBare),
    `${ratio(load.ratioRange[0])}–${ratio(load.ratioRange[1])}`,
    `${load.p99Range[0]}–${load.p99Range[1]}`,
    load.bare.requestsPerSecond.toFixed(0),
    String(load.bare.latencyP99Ms),
    String(load.non2xx),
    String(load.errors),
  ]
}
