import { CairnError } from '@cairn/core'

/** Socket failures reach us raw from the HTTP handler when the server cannot be reached. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', 'EPIPE'])

interface S3Failure {
  readonly name?: unknown
  readonly code?: unknown
  readonly $metadata?: { readonly httpStatusCode?: unknown }
}

/**
 * Turns an S3 failure on `key` into the domain error it means: a missing object is `not_found`;
 * a missing bucket, refused credentials, throttling, a server error or an unreachable server are
 * `unavailable` (an operator must act, or a retry will do). Anything else passes unchanged.
 */
export function translateError(error: unknown, key: string): unknown {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as S3Failure
  const status = failure.$metadata?.httpStatusCode
  if (failure.name === 'NoSuchBucket') return unavailable(error, 'the bucket does not exist')
  if (failure.name === 'NoSuchKey' || failure.name === 'NotFound' || status === 404) {
    return new CairnError('not_found', `blob ${key} not found`, [], { cause: error })
  }
  if (status === 401 || status === 403) return unavailable(error, 'the credentials were refused')
  if (typeof status === 'number' && (status === 429 || status >= 500)) return unavailable(error, `it answered ${status}`)
  if (typeof failure.code === 'string' && NETWORK_CODES.has(failure.code)) return unavailable(error, failure.code)
  if (failure.name === 'TimeoutError') return unavailable(error, 'it timed out')
  return error
}

function unavailable(error: unknown, why: string): CairnError {
  return new CairnError('unavailable', `the blob store cannot be used: ${why}`, [], { cause: error })
}

/** Runs one S3 request on `key`, translating its failure. */
export async function inBucket<T>(key: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request()
  } catch (error) {
    throw translateError(error, key)
  }
}
