import type { Logger, LogContext, LoggerNamespace } from '@mikro-orm/core'

/**
 * A MikroORM logger that hands every SQL statement, parameters inlined, to `onQuery` and logs
 * nothing else: for tests that check what the store asks the database.
 */
export class QueryListener implements Logger {
  readonly #onQuery: (sql: string) => void

  constructor(onQuery: (sql: string) => void) {
    this.#onQuery = onQuery
  }

  logQuery(context: LogContext): void {
    if (context.query !== undefined && context.level !== 'error') this.#onQuery(context.query)
  }

  isEnabled(namespace: LoggerNamespace): boolean {
    return namespace === 'query' || namespace === 'query-params'
  }

  log(): void {}
  error(): void {}
  warn(): void {}
  setDebugMode(): void {}
}
