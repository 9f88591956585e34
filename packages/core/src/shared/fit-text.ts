// NUL, which no store keeps, and UTF-16 surrogates without their pair, which are not text.
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNFIT_CHARACTER = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** Why text from a request is refused when `isFitText` says no: the same words for every adapter. */
export const UNFIT_TEXT = 'must not contain NUL characters or unpaired surrogates'

/**
 * Whether a request's text may go on to the use cases and the store: no NUL character and no
 * unpaired surrogate. Every adapter that reads text from a request (JSON bodies, web forms) asks
 * this before anything else sees the text.
 */
export function isFitText(text: string): boolean {
  return !UNFIT_CHARACTER.test(text)
}
