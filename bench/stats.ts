/** Order statistics of a sample of timings, in the sample's unit. */
export interface Summary {
  readonly n: number
  readonly median: number
  /** Nearest-rank 95th percentile: with fewer than 20 values it is the maximum. */
  readonly p95: number
  readonly min: number
  readonly max: number
  readonly mean: number
}

export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) throw new RangeError('no values to summarize')
  const sorted = [...values].sort((a, b) => a - b)
  const at = (index: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, index))] ?? Number.NaN
  const middle = Math.floor(sorted.length / 2)
  return {
    n: sorted.length,
    median: sorted.length % 2 === 1 ? at(middle) : (at(middle - 1) + at(middle)) / 2,
    p95: at(Math.ceil(0.95 * sorted.length) - 1),
    min: at(0),
    max: at(sorted.length - 1),
    mean: sorted.reduce((total, value) => total + value, 0) / sorted.length,
  }
}

/** Rounds for the JSON report: timings to the microsecond, sizes to the tenth of a MiB. */
export const round = (value: number, digits = 3): number => Number(value.toFixed(digits))

export const MiB = 1024 * 1024
