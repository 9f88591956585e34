import { CairnError, type JobDefinition, type JobHandler, type JobPayload, type JobQueue } from '@cairn/core'

interface QueuedJob {
  readonly name: string
  readonly key: string
  readonly payload: JobPayload
  retries: number
}

/**
 * The job queue of one process, for unit tests: jobs live in memory, so nothing survives a
 * restart. Runs jobs as the PostgreSQL queue does: one at a time per key, retried with doubling
 * waits, failed when they overrun.
 */
export class InMemoryJobQueue implements JobQueue {
  readonly #definitions = new Map<string, JobDefinition>()
  readonly #handlers = new Map<string, JobHandler>()
  readonly #waiting: QueuedJob[] = []
  readonly #runningKeys = new Set<string>()
  readonly #running = new Set<Promise<void>>()
  readonly #timers = new Set<ReturnType<typeof setTimeout>>()
  readonly #stopping = new AbortController()

  async define(definition: JobDefinition): Promise<void> {
    this.#definitions.set(definition.name, definition)
  }

  async enqueue(name: string, payload: JobPayload, key: string): Promise<boolean> {
    this.#definitionOf(name)
    if (this.#waiting.some((job) => job.name === name && job.key === key)) return false
    this.#waiting.push({ name, key, payload: JSON.parse(JSON.stringify(payload)) as JobPayload, retries: 0 })
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
    if (definition === undefined) throw new CairnError('invalid', `no job kind is named ${name}`, [{ field: 'name', message: 'is not a declared job kind' }])
    return definition
  }

  #dispatch(): void {
    for (const job of [...this.#waiting]) {
      const handler = this.#handlers.get(job.name)
      const runKey = `${job.name}\u0000${job.key}`
      if (handler === undefined || this.#runningKeys.has(runKey)) continue
      this.#waiting.splice(this.#waiting.indexOf(job), 1)
      this.#runningKeys.add(runKey)
      const run = this.#attempt(job, handler).finally(() => {
        this.#runningKeys.delete(runKey)
        this.#running.delete(run)
        this.#dispatch()
      })
      this.#running.add(run)
    }
  }

  async #attempt(job: QueuedJob, handler: JobHandler): Promise<void> {
    const definition = this.#definitionOf(job.name)
    const overrun = new AbortController()
    const signal = AbortSignal.any([overrun.signal, this.#stopping.signal])
    const timer = setTimeout(() => overrun.abort(new Error(`the job overran ${definition.timeoutSeconds}s`)), definition.timeoutSeconds * 1000)
    const aborted = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }))
    try {
      await Promise.race([handler(job.payload, { signal, last: job.retries >= definition.retryLimit }), aborted])
    } catch {
      if (this.#stopping.signal.aborted || job.retries >= definition.retryLimit) return
      const wait = definition.retryDelaySeconds * 2 ** job.retries * 1000
      job.retries += 1
      const retry = setTimeout(() => {
        this.#timers.delete(retry)
        this.#waiting.push(job)
        this.#dispatch()
      }, wait)
      this.#timers.add(retry)
    } finally {
      clearTimeout(timer)
    }
  }
}
