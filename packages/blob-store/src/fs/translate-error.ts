import { CairnError } from '@cairn/core'

/** The filesystem's ways of saying a path is not there: missing, or under a file. */
const ABSENT = new Set(['ENOENT', 'ENOTDIR'])

/** A key whose path is, or lies under, another blob's file (`a` and `a/b`). */
const CONFLICT = new Set(['ENOTDIR', 'EISDIR', 'EEXIST', 'ENOTEMPTY'])

/** Failures of the disk or of its setup, not of the request: an operator must act, then retry. */
const UNAVAILABLE = new Set(['ENOSPC', 'EDQUOT', 'EACCES', 'EPERM', 'EROFS', 'EIO', 'EMFILE', 'ENFILE', 'EBUSY'])

export function errorCode(error: unknown): string | undefined {
  const code: unknown = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

/** Whether `error` says that there is nothing at the path. */
export function isAbsent(error: unknown): boolean {
  return ABSENT.has(errorCode(error) ?? '')
}

/**
 * Turns a filesystem failure while working on `key` into the domain error it means. Errors that
 * are not the filesystem's (a `CairnError`, the caller's content stream failing) pass unchanged.
 */
export function translateError(error: unknown, key: string): unknown {
  const code = errorCode(error)
  if (code === 'ENOENT') return new CairnError('not_found', `blob ${key} not found`, [], { cause: error })
  if (code !== undefined && CONFLICT.has(code)) {
    const message = 'cannot be both a blob and a folder of blobs in a filesystem store'
    return new CairnError('invalid', `key ${message}`, [{ field: 'key', message }], { cause: error })
  }
  if (code !== undefined && UNAVAILABLE.has(code)) return unavailable(error)
  return error
}

/** The store's own folder (or the disk under it) refuses: nothing the request can change. */
export function unavailable(error: unknown): CairnError {
  const code = errorCode(error) ?? 'unknown error'
  return new CairnError('unavailable', `the blob store cannot be used (${code})`, [], { cause: error })
}

/** Runs one filesystem step on `key`, translating its failure. */
export async function onDisk<T>(key: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    throw translateError(error, key)
  }
}
