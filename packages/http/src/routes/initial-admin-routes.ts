import { CairnError, isCairnError } from '@cairn/core'
import { Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { clientAddress, isForwardedForUnknownClient } from '../client-address.ts'
import type { AppEnv, HttpDeps } from '../http-deps.ts'
import { readJsonBody } from '../jsonapi/request-document.ts'
import { operation } from '../openapi/operation.ts'
import { bodyOfType, json, queryParameter } from '../openapi/responses.ts'

/** Plain JSON. A field that is not a string reads as empty, which the use case refuses, naming it. */
const FIRST_ADMIN = z
  .object({ username: z.string().catch(''), email: z.string().catch(''), password: z.string().catch('') })
  .catch({ username: '', email: '', password: '' })

const TAG = 'admin'
const RETRIEVE = operation({
  summary: 'Read the initial admin creation token',
  description:
    'From the server’s own machine (or the configured IACT subnets) only, while the site has no administrator and the token has not expired.',
  tag: TAG,
  security: [],
  responses: { 200: bodyOfType('The token', 'text/plain') },
})
const CREATE = operation({
  summary: 'Create the first site administrator',
  description: 'From the server’s own machine (or the configured IACT subnets) only.',
  tag: TAG,
  security: [],
  query: [queryParameter('token', 'The initial admin creation token', true)],
  body: FIRST_ADMIN,
  bodyType: 'application/json',
  responses: {
    200: json('The administrator’s API token, shown once', {
      type: 'object',
      properties: { status: { const: 'created' }, token: { type: 'string' } },
    }),
  },
})

/** TFE's default `iact-subnet-list`: the server's own machine. */
function isLoopback(address: string): boolean {
  return address === '::1' || /^127\.\d+\.\d+\.\d+$/.test(address)
}

/**
 * TFE's first-run bootstrap, mounted at `/admin` ahead of the admin authentication:
 * `GET /retrieve-iact` shows this process's initial admin creation token, and
 * `POST /initial-admin-user?token=…` creates the first site administrator with it. Both answer
 * only clients whose address (see `clientAddress`) is loopback or in `initialAdminClients`, never
 * a request forwarded by a proxy Cairn does not trust, or by a trusted one that names its client
 * in no `X-Forwarded-For` (a proxy on this machine would make every client look local), and both are 404 once the site has an administrator or the token expired.
 */
export function initialAdminRoutes(deps: HttpDeps) {
  const notFound = (): never => {
    throw CairnError.notFound('resource')
  }
  const mayUse = deps.initialAdminClients ?? isLoopback
  const nearbyOnly: MiddlewareHandler = async (c, next) => {
    const address = clientAddress(c, deps)
    if (address === undefined || isForwardedForUnknownClient(c, deps) || !mayUse(address)) return notFound()
    await next()
  }
  return new Hono<AppEnv>()
    .get('/retrieve-iact', RETRIEVE, nearbyOnly, async (c) => {
      const token = deps.initialAdminToken
      if (token === undefined || !(await deps.initialAdmin.isUsable(token))) return notFound()
      return c.text(token)
    })
    .post('/initial-admin-user', CREATE, nearbyOnly, async (c) => {
      const { username, email, password } = FIRST_ADMIN.parse(await readJsonBody(c))
      const { bearer } = await pointingIntoBody(() =>
        deps.initialAdmin.createAdmin({ token: c.req.query('token') ?? '', username, email, password }),
      )
      return c.json({ status: 'created', token: bearer })
    })
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
