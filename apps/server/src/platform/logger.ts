import type { ErrorLog } from '@cairn/core'
import type { ServedRequest } from '@cairn/http'
import { once } from 'node:events'
import { pino, type Level, type Logger } from 'pino'

export type { Logger }

/** How severe a log line is (pino's levels), or `silent` for none. */
export type LogLevel = Level | 'silent'

/** The levels `CAIRN_LOG_LEVEL` takes, quietest last. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const satisfies readonly LogLevel[]

/**
 * Keys that hold secrets, wherever a future log call might put them. Nothing logs them today
 * (request lines carry the route template, never the path, query or headers); this is the net
 * under that rule, not the rule.
 */
const SECRET_KEYS = ['authorization', 'cookie', 'password', 'token', 'secret', 'signature']

/**
 * Lines not yet written beyond this are dropped: a log reader that stalls must not grow the heap
 * without bound, nor (as a synchronous write would) stop the server answering.
 */
const MAX_PENDING_LOG_BYTES = 16 * 1024 * 1024

/**
 * One JSON object per line on standard output, with ISO times; `pid` and `hostname` tell the
 * processes of a scaled-out deployment apart. Written asynchronously: under load the lines of many
 * requests leave in one write, where a write per line cost each request a system call and a wake-up
 * of whatever reads the log. pino writes what is pending synchronously at exit and after a fatal line.
 */
export function createLogger(level: LogLevel): Logger {
  const options = {
    level,
    timestamp: isoTimeOncePerMillisecond(),
    redact: { paths: [...SECRET_KEYS, ...SECRET_KEYS.map((key) => `*.${key}`)], censor: '[redacted]' },
  }
  const destination = pino.destination({ dest: 1, sync: false, maxLength: MAX_PENDING_LOG_BYTES })
  const logger = pino(options, destination)
  destinations.set(logger, destination)
  return logger
}

/** Each logger's destination, for `endLogs`. */
const destinations = new WeakMap<Logger, ReturnType<typeof pino.destination>>()

/** How long a planned exit waits for its log lines at most. */
const END_OF_LOGS_TIMEOUT_MS = 2_000

/**
 * Writes every line logged so far and waits for them (at most two seconds), before a planned exit:
 * the synchronous flush at exit writes what is waiting but cannot finish a write already under way.
 * The logger writes nothing after it.
 */
export async function endLogs(logger: Logger): Promise<void> {
  const destination = destinations.get(logger)
  if (destination === undefined) return
  const closed = once(destination, 'close')
  destination.end()
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, END_OF_LOGS_TIMEOUT_MS).unref())])
}

/**
 * pino's `isoTime`, formatted once per millisecond: `toISOString` cost a few per cent of a cached
 * read, and under load the request lines of one millisecond share it.
 */
export function isoTimeOncePerMillisecond(): () => string {
  let formattedAt = Number.NaN
  let field = ''
  return () => {
    const now = Date.now()
    if (now !== formattedAt) {
      formattedAt = now
      field = `,"time":"${new Date(now).toISOString()}"`
    }
    return field
  }
}

/** The HTTP adapter's log of unexpected errors, as error lines. */
export function errorLogOver(logger: Logger): ErrorLog {
  return { error: (message, details) => logger.error(details, message) }
}

/**
 * One info line per answered request: id, method, route template, status, duration, as pino writes
 * a line of those fields. The line is put together here and handed to the logger's destination,
 * because it is written for every request, cached downloads included, where pino's general path
 * (a fields object, its keys walked and each value escaped) would be a visible share of the
 * answer's time. It is safe to skip the escaping: no field needs it but the route (escaped once
 * per template) and the method; the id is one `trackRequests` accepted or made (`[\w.:-]`), the
 * status and duration are numbers.
 */
export function logServedRequest(logger: Logger): (request: ServedRequest) => void {
  const destination = destinations.get(logger)
  if (destination === undefined) throw new Error('request lines are written by a logger of createLogger')
  // pino's own parts of a line: its time field and the bindings (`pid`, `hostname`).
  const internals = logger as unknown as Record<symbol, unknown>
  const time = internals[pino.symbols.timeSym] as () => string
  const head = `{"level":${logger.levels.values['info']}`
  const bindings = internals[pino.symbols.chindingsSym] as string
  const routes = new Map<string, string>()
  const route = (template: string) => routes.get(template) ?? routes.set(template, JSON.stringify(template)).get(template)
  return (request) => {
    if (!logger.isLevelEnabled('info')) return
    const durationMs = Math.round(request.durationMs * 10) / 10
    const fields = `"requestId":"${request.requestId}","method":${JSON.stringify(request.method)},"route":${route(request.route)},"status":${request.status},"durationMs":${durationMs}`
    destination.write(`${head}${time()}${bindings},${fields},"msg":"request"}\n`)
  }
}
