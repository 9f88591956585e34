import { CairnError } from '@cairn/core'
import { Errors } from 'isomorphic-git'

/** isomorphic-git's and the network's failures, as the `VcsClient` port names them. */
export function translateGitError(error: unknown, url: string): CairnError {
  if (error instanceof CairnError) return error
  const where = redacted(url)
  if (error instanceof Errors.UserCanceledError || (error instanceof Errors.HttpError && [401, 403].includes(error.data.statusCode))) {
    return new CairnError('invalid', `the git host refused the connection's credential for ${where}`, [
      { field: 'oauth-token-id', message: 'the git host refused its credential' },
    ], { cause: error })
  }
  if (error instanceof Errors.HttpError && error.data.statusCode === 404) {
    return new CairnError('not_found', `no repository at ${where}`, [], { cause: error })
  }
  if (error instanceof Errors.NotFoundError) {
    return new CairnError('not_found', `${where} has no such commit or directory`, [], { cause: error })
  }
  const reason = error instanceof Error ? error.message : String(error)
  return new CairnError('unavailable', `cannot reach the git host at ${where}: ${reason}`, [], { cause: error })
}

/** The address without any credential embedded in it, for messages. */
function redacted(url: string): string {
  try {
    const parsed = new URL(url)
    parsed.username = ''
    parsed.password = ''
    return parsed.toString()
  } catch {
    return 'an invalid address'
  }
}
