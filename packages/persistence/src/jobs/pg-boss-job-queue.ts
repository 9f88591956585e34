import { CairnError, type JobDefinition, type JobHandler, type JobPayload, type JobQueue } from '@cairn/core'
import { PgBoss, type ConstructorOptions } from 'pg-boss'

/**
 * How often an idle worker asks for work: the wait between a job queued by another process and a
 * job started. A job queued by this process wakes this process's workers of its kind at once.
 */
const POLL_SECONDS = 0.5

/**
 * Workers per job kind in each process. pg-boss waits at least half a second between one worker's
 * fetches, busy or not (its minimum polling interval), so one worker runs at most about two jobs
 * a second; a repository's hundred tags queue a hundred short jobs at once.
 */
const WORKERS = 2

/**
 * A running job's worker refreshes its claim this often (pg-boss's minimum); a claim not
 * refreshed for this long, because its process died, is failed and retried by the supervisor,
 * which looks this often too. Without it a killed process's job waited out its whole timeout.
 */
const HEARTBEAT_SECONDS = 10

/**
 * The job queue in PostgreSQL (or PGlite), by pg-boss: jobs are rows claimed with
 * `FOR UPDATE SKIP LOCKED`, so each runs on one worker among every process, and queued jobs
 * outlive the process. Each kind is a pg-boss queue with the `stately` policy, which keeps at most
 * one job per key waiting and one running.
 */
export class PgBossJobQueue implements JobQueue {
  readonly #boss: PgBoss
  readonly #defined = new Map<string, JobDefinition>()
  /** This process's pg-boss workers, by job kind. */
  readonly #workers = new Map<string, string[]>()

  private constructor(boss: PgBoss) {
    this.#boss = boss
  }

  /** Starts pg-boss, installing or upgrading its schema. `onError` hears its background failures. */
  static async start(options: ConstructorOptions, onError: (error: Error) => void): Promise<PgBossJobQueue> {
    const boss = new PgBoss({ ...options, migrate: true, superviseIntervalSeconds: HEARTBEAT_SECONDS })
    boss.on('error', onError)
    await boss.start()
    return new PgBossJobQueue(boss)
  }

  async define(definition: JobDefinition): Promise<void> {
    const { name, retryLimit, retryDelaySeconds, timeoutSeconds } = definition
    const settings = { retryLimit, retryDelay: retryDelaySeconds, retryBackoff: true, expireInSeconds: timeoutSeconds, heartbeatSeconds: HEARTBEAT_SECONDS }
    if ((await this.#boss.getQueue(name)) === null) await this.#boss.createQueue(name, { ...settings, policy: 'stately' })
    else await this.#boss.updateQueue(name, settings)
    this.#defined.set(name, definition)
  }

  async enqueue(name: string, payload: JobPayload, key: string): Promise<boolean> {
    this.#requireDefined(name)
    const queued = (await this.#boss.send(name, payload, { singletonKey: key })) !== null
    // A worker here takes it now rather than after its polling interval; one that is busy fetches
    // again as soon as its job ends.
    if (queued) for (const worker of this.#workers.get(name) ?? []) this.#boss.notifyWorker(worker)
    return queued
  }

  async work(name: string, handler: JobHandler): Promise<void> {
    const { retryLimit } = this.#requireDefined(name)
    const workers: string[] = []
    // One pg-boss worker each, rather than one with `localConcurrency`, so that each can be woken.
    for (let count = 0; count < WORKERS; count += 1) {
      const worker = await this.#boss.work<JobPayload>(name, { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data, { signal: job.signal, last: job.retryCount >= retryLimit })
      })
      workers.push(worker)
    }
    this.#workers.set(name, [...(this.#workers.get(name) ?? []), ...workers])
  }

  async stop(): Promise<void> {
    await this.#boss.stop({ graceful: true, close: true })
  }

  #requireDefined(name: string): JobDefinition {
    const definition = this.#defined.get(name)
    if (definition === undefined) {
      throw new CairnError('invalid', `no job kind is named ${name}`, [{ field: 'name', message: 'is not a declared job kind' }])
    }
    return definition
  }
}
