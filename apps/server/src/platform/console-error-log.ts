import type { ErrorLog } from '@cairn/http'

/** One JSON line per unexpected error on standard error. Callers pass no secrets in `details`. */
export const consoleErrorLog: ErrorLog = {
  error(message, details) {
    process.stderr.write(`${JSON.stringify({ level: 'error', time: new Date().toISOString(), message, ...details })}\n`)
  },
}
