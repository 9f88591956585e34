import { readFileSync, writeFileSync } from 'node:fs'

/** The memory lines of `/proc/<pid>/status` this benchmark reads, in bytes. */
export interface ProcMemory {
  /** Resident set size now. */
  readonly rss: number
  /** The peak of `rss` since the process started or since `resetPeak`. */
  readonly hwm: number
  /** The anonymous part of `rss`: heaps, buffers, WebAssembly memory (not mapped files). */
  readonly rssAnon: number
}

/** Reads a process's memory from `/proc/<pid>/status` (Linux only). */
export function readProcMemory(pid: number): ProcMemory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kB = (field: string): number => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)
    if (match?.[1] === undefined) throw new Error(`/proc/${pid}/status has no ${field}`)
    return Number(match[1]) * 1024
  }
  return { rss: kB('VmRSS'), hwm: kB('VmHWM'), rssAnon: kB('RssAnon') }
}

/**
 * Resets the process's peak resident set size (`VmHWM`) to its current size by writing 5 to
 * `/proc/<pid>/clear_refs` (Linux 4.0+, our own child). Returns false when the kernel refuses.
 */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
    const { rss, hwm } = readProcMemory(pid)
    // The reset makes the peak the current size; a few pages may come in between the two reads.
    return hwm - rss < 1024 * 1024
  } catch {
    return false
  }
}

/** One sample of the series. */
export interface Sample {
  /** Milliseconds since sampling started. */
  readonly t: number
  readonly rss: number
  readonly rssAnon: number
  /** This (the client's) process's resident set size. */
  readonly client: number
}

/**
 * Samples a process's resident set size every `intervalMs` until stopped. Samples are taken on
 * this process's event loop, so they may come late while it is busy; `maxGapMs` says how late.
 */
export class RssSampler {
  readonly #pid: number
  readonly #start = performance.now()
  readonly #timer: NodeJS.Timeout
  readonly samples: Sample[] = []

  constructor(pid: number, intervalMs = 10) {
    this.#pid = pid
    this.#sample()
    this.#timer = setInterval(() => this.#sample(), intervalMs)
  }

  /** Milliseconds since sampling started, for marking moments (the body sent, the reply). */
  now(): number {
    return performance.now() - this.#start
  }

  stop(): Sample[] {
    clearInterval(this.#timer)
    this.#sample()
    return this.samples
  }

  #sample(): void {
    const { rss, rssAnon } = readProcMemory(this.#pid)
    this.samples.push({ t: this.now(), rss, rssAnon, client: process.memoryUsage.rss() })
  }
}

/** The largest gap between two samples, in milliseconds. */
export function maxGapMs(samples: readonly Sample[]): number {
  let gap = 0
  for (let i = 1; i < samples.length; i++) gap = Math.max(gap, (samples[i]?.t ?? 0) - (samples[i - 1]?.t ?? 0))
  return gap
}
