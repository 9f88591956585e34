import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'

/** The largest form body a page takes: the sign-in and version forms hold a few hundred bytes. */
export const MAX_FORM_BYTES = 64 * 1024

const limit = bodyLimit({
  maxSize: MAX_FORM_BYTES,
  onError: () => {
    throw new HTTPException(413, { message: `The form is larger than ${MAX_FORM_BYTES} bytes.` })
  },
})

/** Refuses a form body over the limit with a 413 before it is read (the error handler closes the connection). */
export const formBodyLimit = createMiddleware((c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limit(c, next)))
