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
import { PgBoss, type ConstructorOptions } from 'pg-boss'
import { roundRobinPriority, type JobTable } from './round-robin-priority.ts'

/**
 * How often an idle worker asks for work: the wait between a job queued by another process and a
 * job started. A job queued by this process wakes the first of this process's workers of its kind
 * at once (pg-boss wakes one worker of a `work()` call by id).
 */
const POLL_SECONDS = 0.5

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
 * one job per key waiting and one running. A job's group is pg-boss's `group`, and a kind's
 * `groupConcurrency` its `localGroupConcurrency`, counted in this process, which gives back a job
 * fetched past the bound. Not its `groupConcurrency`, counted in the database (the two exclude each
 * other): two fetches at one instant both see the count before either claim, so the workers that
 * one enqueue wakes could all take one group's jobs and leave none for another group. Which job a
 * free worker takes is round-robin across groups, in the database: each grouped job is queued with
 * the pg-boss `priority` of its round (`roundRobinPriority`); a job without a group has priority 0.
 *
 * Each process runs `workersPerKind` workers per kind. pg-boss waits at least half a second
 * between one worker's fetches, busy or not (its minimum polling interval), so one worker runs at
 * most about two jobs a second.
 */
export class PgBossJobQueue implements JobQueue {
  readonly #boss: PgBoss
  readonly #schema: string
  readonly #defined = new Map<string, { readonly definition: JobDefinition; readonly jobs: JobTable }>()
  /** This process's pg-boss workers, by job kind. */
  readonly #workers = new Map<string, string[]>()

  private constructor(boss: PgBoss, schema: string) {
    this.#boss = boss
    this.#schema = schema
  }

  /** Starts pg-boss, installing or upgrading its schema. `onError` hears its background failures. */
  static async start(options: ConstructorOptions, onError: (error: Error) => void): Promise<PgBossJobQueue> {
    // Named here rather than left to pg-boss's default, as the ranking query reads its tables.
    const schema = options.schema ?? 'pgboss'
    const boss = new PgBoss({ ...options, schema, migrate: true, superviseIntervalSeconds: HEARTBEAT_SECONDS })
    boss.on('error', onError)
    await boss.start()
    return new PgBossJobQueue(boss, schema)
  }

  async define(definition: JobDefinition): Promise<void> {
    const { name, retryLimit, retryDelaySeconds, timeoutSeconds } = definition
    const settings = {
      retryLimit,
      retryDelay: retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: timeoutSeconds,
      heartbeatSeconds: HEARTBEAT_SECONDS,
    }
    if ((await this.#boss.getQueue(name)) === null) await this.#boss.createQueue(name, { ...settings, policy: 'stately' })
    else await this.#boss.updateQueue(name, settings)
    const queue = await this.#boss.getQueue(name)
    if (queue === null) throw new Error(`pg-boss lost queue ${name} as it was declared`)
    this.#defined.set(name, { definition, jobs: { schema: this.#schema, table: queue.table } })
  }

  async enqueue(name: string, payload: JobPayload, key: string, options: EnqueueOptions = {}): Promise<boolean> {
    const { jobs } = this.#requireDefined(name)
    const { group } = options
    const grouped = group === undefined ? {} : { group: { id: group }, priority: await roundRobinPriority(this.#boss, jobs, name, group) }
    const queued = (await this.#boss.send(name, payload, { singletonKey: key, ...grouped })) !== null
    // A worker here takes it now rather than after its polling interval (pg-boss wakes the first of
    // a work() call's workers; the others find it at their next poll); one that is busy fetches
    // again as soon as its job ends.
    if (queued) for (const worker of this.#workers.get(name) ?? []) this.#boss.notifyWorker(worker)
    return queued
  }

  async work(name: string, handler: JobHandler): Promise<void> {
    const { definition } = this.#requireDefined(name)
    const { retryLimit, groupConcurrency } = definition
    const grouped = groupConcurrency === undefined ? {} : { localGroupConcurrency: groupConcurrency }
    // One work() for every worker of the kind, as the group bound counts only within one call.
    const options = { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1, localConcurrency: workersPerKind(definition), ...grouped }
    const worker = await this.#boss.work<JobPayload>(name, options, async (jobs) => {
      for (const job of jobs)
        await abandonedAfterAbort(handler(job.data, { signal: job.signal, last: job.retryCount >= retryLimit }), job.signal)
    })
    this.#workers.set(name, [...(this.#workers.get(name) ?? []), worker])
  }

  async stop(): Promise<void> {
    await this.#boss.stop({ graceful: true, close: true })
  }

  #requireDefined(name: string): { readonly definition: JobDefinition; readonly jobs: JobTable } {
    const defined = this.#defined.get(name)
    if (defined === undefined) {
      throw new CairnError('invalid', `no job kind is named ${name}`, [{ field: 'name', message: 'is not a declared job kind' }])
    }
    return defined
  }
}

/**
 * The handler's outcome, or a failure once its signal has been aborted for the grace. pg-boss fails
 * an overrun job and aborts its signal, but holds the worker until the handler returns: a handler
 * stuck on a git host that ignores its signal would hold it for ever, and with it the fetches of
 * every job behind it.
 */
async function abandonedAfterAbort(handling: Promise<void>, signal: AbortSignal): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let abandon = () => {}
  const abandoned = new Promise<never>((_, reject) => {
    abandon = () => {
      timer = setTimeout(
        () => reject(new Error(`the handler ignored its aborted signal for ${ABANDON_AFTER_ABORT_SECONDS}s`)),
        ABANDON_AFTER_ABORT_SECONDS * 1000,
      )
    }
  })
  // pg-boss also aborts the signal of an attempt that ended well, so the listener goes with the race.
  if (signal.aborted) abandon()
  else signal.addEventListener('abort', abandon, { once: true })
  try {
    await Promise.race([handling, abandoned])
  } finally {
    signal.removeEventListener('abort', abandon)
    clearTimeout(timer)
  }
}
