import { OpenPgpJsSignatures } from '@cairn/openpgp'
import { expect } from 'vitest'
import { json, type SingleDoc } from './documents.ts'
import { moduleOrganization } from './module-fixtures.ts'
import { testApp, type TestApp } from './test-app.ts'

export const PROVIDERS = '/api/v2/organizations/acme/registry-providers'
/** The private provider acme/aws, as providerOrganization's `withAws` creates it. */
export const AWS = `${PROVIDERS}/private/acme/aws`
export const GPG_KEYS = '/api/registry/private/v2/gpg-keys'

export const providerBody = (attributes: Record<string, unknown>) => ({ data: { type: 'registry-providers', attributes } })
export const versionBody = (version: string, keyId: string, protocols: readonly string[] | null = ['5.0']) => ({
  data: { type: '', attributes: { version, 'key-id': keyId, protocols } },
})
export const platformBody = (attributes: Record<string, unknown>, type = 'registry-provider-version-platforms') => ({
  data: { type, attributes },
})

/**
 * The organization of moduleOrganization (owner `member`, `publisher` on a team that manages
 * the registry, `reader` a plain member) and `outsider`, a user of no organization; on an app
 * whose upload links point at another host, checking signatures as the server does.
 */
export async function providerOrganization() {
  const t = await testApp({ uploadUrl: new URL('https://uploads.example.com/up'), openpgp: new OpenPgpJsSignatures() })
  const tokens = { ...(await moduleOrganization(t)), outsider: (await t.signUp('outsider')).token }
  return { t, tokens }
}

/** The same, with the private provider acme/aws created. */
export async function withAws() {
  const organization = await providerOrganization()
  const { t, tokens } = organization
  expect(
    (await t.call('POST', PROVIDERS, tokens.publisher, providerBody({ name: 'aws', namespace: 'acme', 'registry-name': 'private' })))
      .status,
  ).toBe(201)
  return organization
}

/** POSTs `body` to `path` with `token`, which must answer 201; the created resource. */
export async function created(t: TestApp, path: string, token: string, body: unknown): Promise<SingleDoc['data']> {
  const response = await t.call('POST', path, token, body)
  expect(response.status, await response.clone().text()).toBe(201)
  return (await json<SingleDoc>(response)).data
}

/** `method` on a link as curl does it: no Authorization header; the upload host's path prefix dropped. */
export async function onLink(t: TestApp, link: string, method: string, body?: BodyInit): Promise<Response> {
  const { pathname } = new URL(link)
  return t.app.request(pathname.replace(/^\/up\//, '/'), { method, ...(body !== undefined && { body }) })
}
