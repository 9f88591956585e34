import { CairnError, isCairnError } from '@cairn/core'
import { Hono, type MiddlewareHandler } from 'hono'
import { ipRestriction } from 'hono/ip-restriction'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { readJsonBody } from '../jsonapi/request-document.ts'

const LOOPBACK = ['127.0.0.0/8', '::1']

/**
 * TFE's first-run bootstrap, mounted at `/admin` ahead of the admin authentication:
 * `GET /retrieve-iact` shows this process's initial admin creation token to a client on the same
 * machine, and `POST /initial-admin-user?token=…` creates the first site administrator with it.
 * Both are 404 once the site has an administrator.
 */
export function initialAdminRoutes(deps: HttpDeps) {
  const notFound = (): never => {
    throw CairnError.notFound('resource')
  }
  const loopbackOnly: MiddlewareHandler = deps.connInfo === undefined ? notFound : ipRestriction(deps.connInfo, { allowList: LOOPBACK }, notFound)
  return new Hono<AppEnv>()
    .get('/retrieve-iact', loopbackOnly, async (c) => {
      const token = deps.initialAdminToken
      if (token === undefined || (await deps.initialAdmin.hasAdmin())) return notFound()
      return c.text(token)
    })
    .post('/initial-admin-user', async (c) => {
      const body = await readJsonBody(c)
      const { bearer } = await pointingIntoBody(() =>
        deps.initialAdmin.createAdmin({
          token: c.req.query('token') ?? '',
          username: stringField(body, 'username'),
          email: stringField(body, 'email'),
          password: stringField(body, 'password'),
        }),
      )
      return c.json({ status: 'created', token: bearer })
    })
}

/** A field of a plain JSON object body; anything but a string counts as empty, which the use case refuses. */
function stringField(body: unknown, name: string): string {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined
  return typeof value === 'string' ? value : ''
}

/** The body is plain JSON, not a JSON:API document: field errors point at its top-level members. */
async function pointingIntoBody<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isCairnError(error) && error.code === 'invalid') {
      throw CairnError.invalid(error.fields.map((field) => ({ ...field, field: `/${field.field}` })))
    }
    throw error
  }
}
