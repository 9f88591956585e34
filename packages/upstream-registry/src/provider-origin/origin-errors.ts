import { CairnError, isCairnError } from '@cairn/core'

/**
 * An origin registry's failures as Cairn errors: running out of time is `upstream_timeout`; an
 * unreachable host, a dropped connection or a body that is not JSON is `upstream_failed`.
 * Cairn's own errors pass through.
 */
export function originError(error: unknown, url: URL): CairnError {
  if (isCairnError(error)) return error
  const where = `the registry at ${url.host}`
  // fetch raises the timeout's TimeoutError; node:https an AbortError caused by it.
  const timedOut =
    error instanceof Error && (error.name === 'TimeoutError' || (error.cause instanceof Error && error.cause.name === 'TimeoutError'))
  if (timedOut) {
    return new CairnError('upstream_timeout', `${where} did not answer in time`, [], { cause: error })
  }
  if (error instanceof SyntaxError) {
    return new CairnError('upstream_failed', `${where} answered ${url.pathname} with something that is not JSON`, [], { cause: error })
  }
  return new CairnError('upstream_failed', `${where} could not be reached`, [], { cause: error })
}
