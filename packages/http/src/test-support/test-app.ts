import { createUseCases, OPERATOR, workJobs, type Edition, type GithubApp, type OpenPgpSignatures } from '@cairn/core'
import { InMemoryExpiringCache } from '@cairn/memory'
import { inMemoryDeps } from '@cairn/testing'
import { createHttpApp } from '../app.ts'
import type { CachedAnswer } from '../cached-answer.ts'
import type { ApiDocsPage } from '../http-deps.ts'
import { JSON_API } from '../jsonapi/media-type.ts'
import type { ServedRequest } from '../served-requests.ts'

/** The HTTP app over fresh in-memory adapters, with a site admin and a plain user signed up. */
export async function testApp(
  options: {
    edition?: Edition
    baseUrl?: URL
    uploadUrl?: URL
    immutableVersions?: boolean
    installationDefaults?: boolean
    githubApp?: GithubApp
    /** The test deps' fake unless given (the provider registry's tests take real signatures). */
    openpgp?: OpenPgpSignatures
    /** No reference page at /api/docs unless given. */
    apiDocs?: ApiDocsPage
    moduleDownloads?: 'archive' | 'oci'
  } = {},
) {
  const deps = {
    ...inMemoryDeps({
      edition: options.edition ?? 'self-hosted',
      immutableVersions: options.immutableVersions ?? false,
      installationDefaults: options.installationDefaults ?? false,
    }),
    githubApp: options.githubApp ?? null,
    ...(options.openpgp !== undefined && { openpgp: options.openpgp }),
  }
  const useCases = createUseCases(deps)
  // Uploads queue their analysis and VCS publishing its ingestion; the in-memory queue runs them in this process.
  await workJobs(deps.jobs, useCases)
  const logged: unknown[] = []
  const served: ServedRequest[] = []
  const answerCache = new InMemoryExpiringCache<CachedAnswer>()
  const app = createHttpApp({
    ...useCases,
    health: deps.health,
    edition: options.edition ?? 'self-hosted',
    answerCache,
    ...(options.baseUrl !== undefined && { baseUrl: options.baseUrl }),
    ...(options.uploadUrl !== undefined && { uploadUrl: options.uploadUrl }),
    ...(options.apiDocs !== undefined && { apiDocs: options.apiDocs }),
    ...(options.moduleDownloads !== undefined && { moduleDownloads: options.moduleDownloads }),
    log: { error: (message, details) => logged.push({ message, details }) },
    onServed: (request) => served.push(request),
  })

  /** Creates a user (as the operator) and returns a token for them. */
  async function signUp(username: string, options: { isSiteAdmin?: boolean; isServiceAccount?: boolean } = {}) {
    const user = await useCases.createUser.execute({ username, email: `${username}@example.com`, ...options }, OPERATOR)
    const { bearer } = await useCases.userTokens.create.execute({ user: { id: user.id } }, OPERATOR)
    return { user, token: bearer }
  }
  const admin = await signUp('admin', { isSiteAdmin: true })
  const member = await signUp('member')

  /**
   * Sends a request with `credential` (a bearer token, `{ cookie }`, or none), and a body if given.
   * Cookie requests carry the `Origin` a browser on Cairn's own pages sends.
   */
  async function call(method: string, path: string, credential: string | { cookie: string } | null, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { Accept: JSON_API }
    if (typeof credential === 'string') headers['Authorization'] = `Bearer ${credential}`
    else if (credential !== null) {
      headers['Cookie'] = credential.cookie
      headers['Origin'] = (options.baseUrl ?? new URL('http://localhost')).origin
    }
    if (body !== undefined) headers['Content-Type'] = JSON_API
    const init: RequestInit = { method, headers }
    if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body)
    return app.request(path, init)
  }

  return {
    app,
    deps,
    answerCache,
    useCases,
    admin,
    member,
    adminToken: admin.token,
    memberToken: member.token,
    call,
    logged,
    served,
    signUp,
  }
}

export type TestApp = Awaited<ReturnType<typeof testApp>>
