import { CairnError } from '@cairn/core'

// The port's key rule, checked by every store. A segment may not begin with a dot, which refuses
// `.` and `..` and leaves dot-names (`.tmp`) to the filesystem store. This copy and the one in
// @cairn/blob-store must agree; the blob-store contract suite checks that both do.
const SEGMENT = '[A-Za-z0-9_-][A-Za-z0-9_.-]{0,199}'
const KEY = new RegExp(`^(?!.*\\.\\.)${SEGMENT}(?:/${SEGMENT})*$`)

export function assertBlobKey(key: string): void {
  if (key.length > 1024 || !KEY.test(key)) {
    throw CairnError.invalidField('key', `${JSON.stringify(key)} is not a blob key`)
  }
}

/** A prefix is a key, a key followed by `/`, or empty. */
export function assertBlobPrefix(prefix: string): void {
  if (prefix !== '') assertBlobKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix)
}
