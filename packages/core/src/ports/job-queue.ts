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
}

/** What a handler learns of the attempt it runs. */
export interface JobAttempt {
  /** Aborted when the attempt overruns its timeout or the queue stops; long work should stop then. */
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
   * another runs waits for it to end.
   */
  enqueue(name: string, payload: JobPayload, key: string): Promise<boolean>
  /** Runs `handler` for every job of kind `name`, from now until `stop`. */
  work(name: string, handler: JobHandler): Promise<void>
  /** Stops taking jobs and waits for the attempts running here to end. */
  stop(): Promise<void>
}

export const JOB_QUEUE = Symbol('JobQueue')
