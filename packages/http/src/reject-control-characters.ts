import { CairnError } from '@cairn/core'
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './http-deps.ts'

// A percent-encoded control character: %00 to %1F, or %7F.
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i

/**
 * No id, name or query value of this API holds a control character, and a NUL byte is one no
 * store accepts: such requests are turned away at the door with a 400, not left to fail deeper.
 */
export const rejectControlCharacters: MiddlewareHandler<AppEnv> = (c, next) => {
  const url = c.req.url
  const target = url.slice(url.indexOf('/', url.indexOf('//') + 2))
  if (ENCODED_CONTROL.test(target)) {
    throw new CairnError('bad_request', 'the path or query holds a control character')
  }
  return next()
}
