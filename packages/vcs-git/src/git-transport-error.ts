/**
 * Why the guarded HTTP client gave up on a git host, in as few kinds as the answers may tell
 * apart: every network failure (DNS, a refused or closed port, a reset, TLS, a deadline, a
 * stalled reply, an address the destination policy refuses) is one kind, `unreachable`, so that
 * an answer never tells an open port from a closed one or an internal name from an unknown one.
 */
export type GitTransportFailure =
  | 'unreachable'
  /** The host redirected to another origin (or too often). */
  | 'redirected'
  /** A reply other than the pack grew past its cap. */
  | 'reply_too_large'
  /**
   * The pack grew past its cap, or its objects together (inflated) or their count past theirs: a
   * property of the repository, not worth retrying.
   */
  | 'pack_too_large'
  /** One object of the pack (a file, a tree, a delta's result) is larger than one file of a module may be. */
  | 'pack_object_too_large'
  /** The pack is not one: framing, header, a zlib stream, or an object's size that its content belies. */
  | 'malformed_pack'
  /** The caller's signal was aborted. */
  | 'aborted'

/** A failure of the git transport; its message is fixed, never the host's words. */
export class GitTransportError extends Error {
  override readonly name = 'GitTransportError'
  readonly failure: GitTransportFailure

  constructor(failure: GitTransportFailure, options?: ErrorOptions) {
    super(`git transport: ${failure}`, options)
    this.failure = failure
  }
}
