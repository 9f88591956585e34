import { CairnError } from '@cairn/core'
import { Errors } from 'isomorphic-git'
import { refusal, shown } from './export-limits.ts'
import { GitTransportError } from './git-transport-error.ts'

/**
 * isomorphic-git's and the transport's failures, as the `VcsClient` port names them, in fixed
 * words: never the host's (a reply's body, its status text, a redirect's target), and one text
 * for every way of not reaching a git host, so that an answer cannot be used to scan ports or
 * to tell an internal address from an unknown name.
 */
export function translateGitError(error: unknown, url: string): CairnError {
  if (error instanceof CairnError) return error
  const where = redacted(url)
  if (error instanceof GitTransportError) return transportError(error, where)
  // isomorphic-git refuses these names (`..`, `.git` and its aliases) while it parses a tree.
  if (error instanceof Errors.UnsafeFilepathError) return refusal(`holds an unsafe path (\`${shown(error.data.filepath)}\`)`)
  const cause = withoutHostWords(error)
  if (error instanceof Errors.UserCanceledError || (error instanceof Errors.HttpError && [401, 403].includes(error.data.statusCode))) {
    return new CairnError(
      'invalid',
      `the git host refused the connection's credential for ${where}`,
      [{ field: 'oauth-token-id', message: 'the git host refused its credential' }],
      { cause },
    )
  }
  if (error instanceof Errors.HttpError && error.data.statusCode === 404) {
    return new CairnError('not_found', `no repository at ${where}`, [], { cause })
  }
  if (error instanceof Errors.NotFoundError) {
    return new CairnError('not_found', `${where} has no such commit or directory`, [], { cause })
  }
  return unreachable(where, cause)
}

/**
 * isomorphic-git's error reduced to its kind (and status): its message and data quote the host's
 * reply (a body, a status text), which must not travel on even as a cause, into a log.
 */
function withoutHostWords(error: unknown): Error {
  if (error instanceof Errors.HttpError) return new Error(`${error.code} ${error.data.statusCode}`)
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') return new Error(error.code)
  return new Error(error instanceof Error ? error.name : 'unknown failure')
}

function transportError(error: GitTransportError, where: string): CairnError {
  switch (error.failure) {
    case 'unreachable':
      return unreachable(where, error)
    case 'redirected':
      return new CairnError(
        'unavailable',
        `the git host at ${where} redirected elsewhere: Cairn follows redirects only within the same scheme, host and port; use the address the repository is at`,
        [],
        { cause: error },
      )
    case 'reply_too_large':
      return new CairnError('unavailable', `the git host at ${where} sent a longer list of refs than Cairn reads`, [], { cause: error })
    case 'pack_too_large':
      return new CairnError('invalid', `the repository at ${where} is larger than Cairn fetches`, [], { cause: error })
    case 'pack_object_too_large':
      return new CairnError(
        'invalid',
        `the repository at ${where} holds a file (or other git object) larger than Cairn's limit on one file of a module`,
        [],
        { cause: error },
      )
    case 'malformed_pack':
      return new CairnError('unavailable', `the git host at ${where} sent a pack Cairn cannot read`, [], { cause: error })
    case 'aborted':
      return new CairnError('unavailable', `the git call to ${where} was stopped before it finished`, [], { cause: error })
  }
}

/** The one answer for a host that cannot be reached, refused by the destination policy, or not speaking git. */
function unreachable(where: string, cause: unknown): CairnError {
  return new CairnError(
    'unavailable',
    `cannot reach the git host at ${where} (hosts on loopback, private or link-local addresses are reached only when the server's operator allows them)`,
    [],
    { cause },
  )
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
