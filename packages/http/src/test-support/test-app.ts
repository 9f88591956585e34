import {
  AuthenticateToken,
  CreateToolVersion,
  CreateUser,
  CreateUserToken,
  DeleteToolVersion,
  ListToolVersions,
  OPERATOR,
  ShowToolVersion,
  UpdateToolVersion,
  type Edition,
} from '@cairn/core'
import { inMemoryDeps } from '@cairn/testing'
import { createHttpApp } from '../app.ts'
import { JSON_API } from '../jsonapi/media-type.ts'

/** The HTTP app over fresh in-memory adapters, with a site admin and a plain user signed up. */
export async function testApp(options: { edition?: Edition } = {}) {
  const deps = inMemoryDeps()
  const logged: unknown[] = []
  const app = createHttpApp({
    authenticate: new AuthenticateToken(deps),
    health: deps.health,
    toolVersions: {
      list: new ListToolVersions(deps),
      create: new CreateToolVersion(deps),
      show: new ShowToolVersion(deps),
      update: new UpdateToolVersion(deps),
      remove: new DeleteToolVersion(deps),
    },
    edition: options.edition ?? 'self-hosted',
    log: { error: (message, details) => logged.push({ message, details }) },
  })
  const createUser = new CreateUser(deps)
  const createToken = new CreateUserToken(deps)
  async function signUp(username: string, isSiteAdmin: boolean) {
    await createUser.execute({ username, email: `${username}@example.com`, isSiteAdmin }, OPERATOR)
    return (await createToken.execute({ username }, OPERATOR)).bearer
  }
  const adminToken = await signUp('admin', true)
  const memberToken = await signUp('member', false)

  /** Sends a request as `token` (none when null), with a JSON:API body when given one. */
  async function call(method: string, path: string, token: string | null, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { Accept: JSON_API }
    if (token !== null) headers['Authorization'] = `Bearer ${token}`
    if (body !== undefined) headers['Content-Type'] = JSON_API
    const init: RequestInit = { method, headers }
    if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body)
    return app.request(path, init)
  }

  return { app, deps, adminToken, memberToken, call, logged, signUp }
}

export type TestApp = Awaited<ReturnType<typeof testApp>>
