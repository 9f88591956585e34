/**
 * Why `cairn providers publish` stopped: a release directory it cannot publish, a flag or
 * variable missing, or the server's refusal. The message is printed as it is, then the command
 * exits non-zero.
 */
export class PublishError extends Error {
  /** Always `PublishError`. */
  override readonly name = 'PublishError'
}
