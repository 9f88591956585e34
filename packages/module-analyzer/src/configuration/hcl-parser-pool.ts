import { CairnError } from '@cairn/core'
import { availableParallelism } from 'node:os'
import type { Piscina } from 'piscina'
import { configurationError } from './configuration-error.ts'
import type { HclOutcome, HclTask } from './hcl-worker.ts'

/** The worker sits beside this file: TypeScript when run from source, JavaScript once built. */
const WORKER_EXTENSION = import.meta.url.endsWith('.ts') ? '.ts' : '.js'
/** Files waiting for a parser thread beyond those being parsed; more are refused as `unavailable`. */
const MAX_QUEUE = 32
/** A thread left idle this long ends, giving back the parser's WebAssembly heap, which never shrinks. */
const IDLE_TIMEOUT_MS = 30_000

/** Parses HCL with `@cdktf/hcl2json`, raising `invalid` on `configuration` when a file does not parse. */
export interface HclParser {
  parse(path: string, source: string): Promise<unknown>
}

/**
 * `@cdktf/hcl2json` in worker threads (piscina), so that parsing never blocks the event loop and a
 * parser that fails cannot affect the next file. A thread whose runtime fails ends itself; one
 * that takes longer than `timeoutMs` is terminated; piscina replaces either with a fresh one.
 * Threads start on the first file and end when idle; piscina itself loads with the first file.
 */
export class HclParserPool implements HclParser {
  readonly #timeoutMs: number
  #pool: Promise<Piscina<HclTask, HclOutcome>> | undefined
  #closed = false

  constructor(timeoutMs: number) {
    this.#timeoutMs = timeoutMs
  }

  async parse(path: string, source: string): Promise<unknown> {
    if (this.#closed) throw shuttingDown()
    const signal = AbortSignal.timeout(this.#timeoutMs)
    let outcome: HclOutcome
    try {
      outcome = await (await this.#started()).run({ path, source }, { signal })
    } catch (error) {
      throw this.#failure(path, error, signal.aborted)
    }
    if ('diagnostics' in outcome) throw configurationError(path, hclMessage(path, outcome.diagnostics))
    return outcome.document
  }

  /** Ends every thread; a file being parsed is refused. */
  async close(): Promise<void> {
    this.#closed = true
    await (await this.#pool)?.destroy()
  }

  #started(): Promise<Piscina<HclTask, HclOutcome>> {
    this.#pool ??= import('piscina').then(
      ({ Piscina }) =>
        new Piscina<HclTask, HclOutcome>({
          filename: new URL(`./hcl-worker${WORKER_EXTENSION}`, import.meta.url).href,
          minThreads: 0,
          maxThreads: Math.min(2, availableParallelism()),
          maxQueue: MAX_QUEUE,
          idleTimeout: IDLE_TIMEOUT_MS,
        }),
    )
    return this.#pool
  }

  #failure(path: string, error: unknown, timedOut: boolean): CairnError {
    if (timedOut) return configurationError(path, `took longer than ${this.#timeoutMs / 1000} s to parse`)
    if (error instanceof Error && error.message === 'Task queue is at limit') {
      return new CairnError('unavailable', 'too many modules are being analysed at once; retry in a moment')
    }
    if (this.#closed) return shuttingDown()
    return configurationError(path, 'could not be parsed (the parser failed on it)')
  }
}

const shuttingDown = (): CairnError => new CairnError('unavailable', 'module analysis is shutting down; retry in a moment')

/**
 * The parser reports `parse config: [main.tf:3,7-8: Invalid expression; Expected …]`; keep the
 * diagnostics and say where in words. An unexpected shape is passed on unchanged.
 */
export function hclMessage(path: string, raw: string): string {
  const inner = /^parse config: \[(.*)\]$/s.exec(raw)?.[1] ?? raw
  const prefix = `${path}:`
  if (!inner.startsWith(prefix)) return inner
  const located = /^(\d+),(\d+)(?:-\S+)?: (.*)$/s.exec(inner.slice(prefix.length))
  return located === null ? inner : `line ${located[1]}, column ${located[2]}: ${located[3]}`
}
