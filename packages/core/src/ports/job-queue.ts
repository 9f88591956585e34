/** A value that survives a round trip through JSON, as job payloads must. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue }

/** What a job carries to its handler. */
export type JobPayload = { readonly [key: string]: JsonValue }

/** A kind of job and how it is run: retried with exponential back-off, failed when it overruns. */
export interface JobDefinition {
  readonly name: string
  /** Attempts after the first; a job that fails them all stays failed. */
  readonly retryLimit: number
  /** The wait before the first retry; each further retry waits about twice as long. */
  readonly retryDelaySeconds: number
  /** An attempt still running after this long fails (its signal is aborted) and is retried. */
  readonly timeoutSeconds: number
  /**
   * At most this many jobs of one group (see `enqueue`) run at a time in each process; absent, a
   * group's jobs take as many workers as are free. Every process runs more workers of the kind than
   * this, so that one group's backlog (or its stalled jobs) never holds them all: in every process
   * sharing the queue, a job of another group finds a worker free.
   */
  readonly groupConcurrency?: number
}

/** How a job is queued, beyond its payload and key. */
export interface EnqueueOptions {
  /**
   * The tenant the job works for (an organization): its jobs share the kind's `groupConcurrency`,
   * run oldest first among themselves, and take turns with other groups' jobs of the kind (in
   * every process sharing the queue): a job of a group with nothing queued runs behind at most one
   * job of each other group, not behind their whole backlog. A job without a group goes ahead of
   * every group's backlog.
   */
  readonly group?: string
}

/**
 * How long a handler has to return once its signal aborted. After that its worker stops waiting for
 * it and takes other jobs, while the handler may still be running: so a handler must not write
 * once its attempt is over, or must check that no newer attempt has begun (a generation it claimed).
 */
export const ABANDON_AFTER_ABORT_SECONDS = 5

/** What a handler learns of the attempt it runs. */
export interface JobAttempt {
  /**
   * Aborted when the attempt overruns its timeout or the queue stops; long work should stop then.
   * A handler still running `ABANDON_AFTER_ABORT_SECONDS` later no longer holds its worker.
   */
  readonly signal: AbortSignal
  /** Whether no retry follows if this attempt fails: the handler's chance to record the failure for good. */
  readonly last: boolean
}

/** Runs one job; a rejection fails the attempt, which is retried as the job's definition says. */
export type JobHandler = (payload: JobPayload, attempt: JobAttempt) => Promise<void>

/**
 * Durable background work. A job enqueued is run once, by one worker among every process that
 * shares the queue, even when the process that enqueued it stops before it runs.
 */
export interface JobQueue {
  /** Declares a kind of job; enqueueing or working an undeclared kind raises `invalid`. */
  define(definition: JobDefinition): Promise<void>
  /**
   * Queues a job. While a job with the same `key` waits to run, another is not queued: the
   * answer is then `false`. Jobs with one key never run at the same time: one queued while
   * another runs waits for it to end (or, abandoned, to overrun its timeout by
   * `ABANDON_AFTER_ABORT_SECONDS`).
   */
  enqueue(name: string, payload: JobPayload, key: string, options?: EnqueueOptions): Promise<boolean>
  /** Runs `handler` for every job of kind `name`, from now until `stop`. */
  work(name: string, handler: JobHandler): Promise<void>
  /** Stops taking jobs and waits for the attempts running here to end. */
  stop(): Promise<void>
}

/**
 * Workers each process runs per kind: two, or one more than a group may hold, so that one group
 * alone never takes every worker (several groups together can). Adapters share it so that the in-memory queue schedules as
 * the durable one does.
 */
export function workersPerKind(definition: JobDefinition): number {
  return Math.max(2, (definition.groupConcurrency ?? 0) + 1)
}
