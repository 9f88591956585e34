/**
 * The closed set of ways a Cairn operation can fail. Adapters translate their own failures into
 * these; only the HTTP adapter turns them into status codes.
 */
export type ErrorCode =
  | 'not_found' // also "exists but you may not see it"
  | 'invalid' // validation; carries field errors
  | 'bad_request' // a malformed request parameter; carries field errors naming the parameter
  | 'precondition' // a state transition that is not allowed now (already suspended, …)
  | 'conflict' // an action the resource's current state rules out (discarding an applied run)
  | 'forbidden' // the spec's explicit refusals (curation disabled, impersonation refused)
  | 'unauthenticated'
  | 'unavailable' // a dependency is down; retry later
  | 'rate_limited' // too many requests or failed attempts from one client; retry after `retryAfterSeconds`
  | 'upstream_failed' // the public registry we proxy answered badly or could not be reached
  | 'upstream_timeout' // the public registry we proxy did not answer in time

/** One field that failed validation: `field` is the domain's name for it (`deprecatedReason`). */
export interface FieldError {
  readonly field: string
  readonly message: string
}

/** How long an error's message may be: enough for any reason, with room to quote a value. */
const MAX_TEXT = 500

/**
 * `text`, or when longer than MAX_TEXT its start and its end around an ellipsis: a message that
 * quotes a huge value keeps the reason that follows it. Never splits a surrogate pair.
 */
function boundedText(text: string): string {
  if (text.length <= MAX_TEXT) return text
  let head = Math.floor(MAX_TEXT * 0.6)
  let tail = text.length - (MAX_TEXT - head - 1)
  if (isHighSurrogate(text.charCodeAt(head - 1))) head -= 1
  if (isLowSurrogate(text.charCodeAt(tail))) tail += 1
  return `${text.slice(0, head)}…${text.slice(tail)}`
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff

export class CairnError extends Error {
  override readonly name = 'CairnError'
  readonly code: ErrorCode
  readonly fields: readonly FieldError[]
  /** When trying again may succeed (a `Retry-After`), for errors that know it. */
  readonly retryAfterSeconds: number | undefined

  /** Messages are bounded (see `boundedText`): they may quote what a request sent, of any length. */
  constructor(
    code: ErrorCode,
    message: string,
    fields: readonly FieldError[] = [],
    options?: ErrorOptions & { readonly retryAfterSeconds?: number },
  ) {
    super(boundedText(message), options)
    this.code = code
    this.retryAfterSeconds = options?.retryAfterSeconds
    this.fields = fields.map((field) => (field.message.length > MAX_TEXT ? { ...field, message: boundedText(field.message) } : field))
  }

  static notFound(what: string): CairnError {
    return new CairnError('not_found', `${what} not found`)
  }

  /** `rate_limited`: the client may try again in `retryAfterSeconds` (a whole number, at least 1). */
  static rateLimited(message: string, retryAfterSeconds: number): CairnError {
    return new CairnError('rate_limited', message, [], { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) })
  }

  static invalid(fields: readonly FieldError[]): CairnError {
    const summary = fields.map((f) => `${f.field} ${f.message}`).join('; ')
    return new CairnError('invalid', summary, fields)
  }

  static invalidField(field: string, message: string): CairnError {
    return CairnError.invalid([{ field, message }])
  }
}

export function isCairnError(error: unknown, code?: ErrorCode): error is CairnError {
  return error instanceof CairnError && (code === undefined || error.code === code)
}
