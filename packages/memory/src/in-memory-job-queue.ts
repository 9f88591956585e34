import {
  ABANDON_AFTER_ABORT_SECONDS,
  CairnError,
  workersPerKind,
  type EnqueueOptions,
  type JobDefinition,
  type JobHandler,
  type JobPayload,
  type JobQueue,
} from '@cairn/core'
import { roundRobinRank, type RankedJob } from './round-robin-rank.ts'

interface QueuedJob extends RankedJob {
  readonly name: string
  readonly key: string
  readonly payload: JobPayload
  state: RankedJob['state']
  startedAt: number
  retries: number
}

/**
 * The job queue of one process, for unit tests: jobs live in memory, so nothing survives a
 * restart. Runs jobs as the PostgreSQL queue does: highest rank first (round-robin across groups,
 * see `roundRobinRank`), then oldest, on `workersPerKind` workers per kind, one at a time per key,
 * at most `groupConcurrency` per group, retried with doubling waits, failed when they overrun, and
 * a handler that ignores its aborted signal abandoned after `ABANDON_AFTER_ABORT_SECONDS`.
 */
export class InMemoryJobQueue implements JobQueue {
  readonly #definitions = new Map<string, JobDefinition>()
  readonly #handlers = new Map<string, JobHandler>()
  /** Jobs waiting, retrying or running, oldest first. */
  readonly #live: QueuedJob[] = []
  /** Counts the attempts started, to tell the latest. */
  #starts = 0
  /** Keys and groups of the attempts under way (`kind\0key`, `kind\0group`), with their counts. */
  readonly #claimed = new Map<string, number>()
  /** Workers busy per kind, including those still waiting for an overrun handler. */
  readonly #busyWorkers = new Map<string, number>()
  readonly #running = new Set<Promise<void>>()
  readonly #timers = new Set<ReturnType<typeof setTimeout>>()
  readonly #stopping = new AbortController()

  async define(definition: JobDefinition): Promise<void> {
    this.#definitions.set(definition.name, definition)
  }

  async enqueue(name: string, payload: JobPayload, key: string, options: EnqueueOptions = {}): Promise<boolean> {
    this.#definitionOf(name)
    const ofKind = this.#live.filter((job) => job.name === name)
    if (ofKind.some((job) => job.key === key && job.state === 'waiting')) return false
    const group = options.group ?? null
    const rank = group === null ? 0 : roundRobinRank(ofKind, group)
    const copy = JSON.parse(JSON.stringify(payload)) as JobPayload
    this.#live.push({ name, key, group, rank, payload: copy, state: 'waiting', startedAt: 0, retries: 0 })
    this.#dispatch()
    return true
  }

  async work(name: string, handler: JobHandler): Promise<void> {
    this.#definitionOf(name)
    this.#handlers.set(name, handler)
    this.#dispatch()
  }

  async stop(): Promise<void> {
    this.#handlers.clear()
    for (const timer of this.#timers) clearTimeout(timer)
    this.#timers.clear()
    this.#stopping.abort(new Error('the job queue stopped'))
    await Promise.allSettled([...this.#running])
  }

  #definitionOf(name: string): JobDefinition {
    const definition = this.#definitions.get(name)
    if (definition === undefined)
      throw new CairnError('invalid', `no job kind is named ${name}`, [{ field: 'name', message: 'is not a declared job kind' }])
    return definition
  }

  #dispatch(): void {
    // A stable sort: equal ranks stay oldest first.
    const waiting = this.#live.filter((job) => job.state === 'waiting').sort((a, b) => b.rank - a.rank)
    for (const job of waiting) {
      const handler = this.#handlers.get(job.name)
      if (handler === undefined || !this.#mayStart(job)) continue
      job.state = 'running'
      job.startedAt = ++this.#starts
      const claims = this.#claimsOf(job)
      for (const claim of claims) this.#claimed.set(claim, (this.#claimed.get(claim) ?? 0) + 1)
      this.#busyWorkers.set(job.name, (this.#busyWorkers.get(job.name) ?? 0) + 1)
      const release = () => {
        for (const claim of claims) {
          const left = (this.#claimed.get(claim) ?? 1) - 1
          if (left === 0) this.#claimed.delete(claim)
          else this.#claimed.set(claim, left)
        }
        this.#dispatch()
      }
      const run = this.#attempt(job, handler, release).finally(() => {
        this.#busyWorkers.set(job.name, (this.#busyWorkers.get(job.name) ?? 1) - 1)
        this.#running.delete(run)
        this.#dispatch()
      })
      this.#running.add(run)
    }
  }

  /** A free worker of its kind, no attempt of its key under way, and room in its group. */
  #mayStart(job: QueuedJob): boolean {
    const definition = this.#definitionOf(job.name)
    if ((this.#busyWorkers.get(job.name) ?? 0) >= workersPerKind(definition)) return false
    const [key, group] = this.#claimsOf(job)
    if ((this.#claimed.get(key ?? '') ?? 0) > 0) return false
    return group === undefined || definition.groupConcurrency === undefined || (this.#claimed.get(group) ?? 0) < definition.groupConcurrency
  }

  #claimsOf(job: QueuedJob): string[] {
    const key = `${job.name}\u0000key\u0000${job.key}`
    return job.group === null ? [key] : [key, `${job.name}\u0000group\u0000${job.group}`]
  }

  /**
   * Runs one attempt. An overrun fails it at once (its key and group are free for the retry, as
   * pg-boss expires the job), while its worker waits up to the grace for the handler to return.
   */
  async #attempt(job: QueuedJob, handler: JobHandler, release: () => void): Promise<void> {
    const definition = this.#definitionOf(job.name)
    const overrun = new AbortController()
    const signal = AbortSignal.any([overrun.signal, this.#stopping.signal])
    const timer = setTimeout(
      () => overrun.abort(new Error(`the job overran ${definition.timeoutSeconds}s`)),
      definition.timeoutSeconds * 1000,
    )
    const aborted = new Promise<'aborted'>((resolve) => signal.addEventListener('abort', () => resolve('aborted'), { once: true }))
    const handling = handler(job.payload, { signal, last: job.retries >= definition.retryLimit }).then(
      () => 'done' as const,
      () => 'failed' as const,
    )
    const outcome = await Promise.race([handling, aborted])
    clearTimeout(timer)
    if (outcome === 'done' || !this.#retry(job, definition)) this.#live.splice(this.#live.indexOf(job), 1)
    release()
    if (outcome === 'aborted') await Promise.race([handling, this.#delay(ABANDON_AFTER_ABORT_SECONDS * 1000)])
  }

  /** Whether a retry follows: it keeps its rank and its place among the oldest. */
  #retry(job: QueuedJob, definition: JobDefinition): boolean {
    if (this.#stopping.signal.aborted || job.retries >= definition.retryLimit) return false
    const wait = definition.retryDelaySeconds * 2 ** job.retries * 1000
    job.retries += 1
    job.state = 'retrying'
    const retry = setTimeout(() => {
      this.#timers.delete(retry)
      job.state = 'waiting'
      this.#dispatch()
    }, wait)
    this.#timers.add(retry)
    return true
  }

  #delay(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms))
  }
}
