import { addMember } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { json } from '../test-support/documents.ts'
import { moduleOrganization, publish } from '../test-support/module-fixtures.ts'
import { anOrganizationWith } from '../test-support/seed.ts'
import { testApp, type TestApp } from '../test-support/test-app.ts'

const B = '/api/registry/v1/modules'

interface ShortModule {
  id: string
  namespace: string
  name: string
  provider: string
  version: string
  downloads: number
  verified: boolean
  published_at: string
}
interface ListBody {
  meta: { limit: number; current_offset: number; next_offset?: number; prev_offset?: number; next_url?: string; prev_url?: string }
  modules: ShortModule[]
}
interface VersionsBody {
  modules: {
    source: string
    versions: { version: string; root: { providers: unknown[]; dependencies: unknown[] }; submodules: unknown[] }[]
  }[]
}
interface Part {
  path: string
  inputs: { name: string; type: string; description: string; default: string; required: boolean }[]
  outputs: unknown[]
  provider_dependencies: unknown[]
  resources: unknown[]
}
interface DetailBody extends ShortModule {
  root: Part
  submodules: Part[]
  examples: Part[]
  providers: string[]
  versions: string[]
  owner: string
  source: string
  deprecation: null
}

describe('module registry protocol (reference §4.2)', () => {
  let t: TestApp
  let tokens: Awaited<ReturnType<typeof moduleOrganization>>

  /** A protocol request as the CLI makes it: plain JSON, bearer token. */
  async function get(path: string, token: string | null, accept = 'application/json'): Promise<Response> {
    const headers: Record<string, string> = { Accept: accept }
    if (token !== null) headers['Authorization'] = `Bearer ${token}`
    return t.app.request(path, { headers })
  }

  async function body<T>(path: string, token: string): Promise<T> {
    const response = await get(path, token)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
    return json<T>(response)
  }

  async function expectError(path: string, token: string | null, status: number): Promise<void> {
    const response = await get(path, token)
    expect(response.status).toBe(status)
    const document = await json<{ errors: unknown[] }>(response)
    expect(document.errors.every((error) => typeof error === 'string')).toBe(true)
  }

  beforeEach(async () => {
    t = await testApp()
    tokens = await moduleOrganization(t)
    await publish(t, tokens.publisher, { name: 'vpc', provider: 'aws', version: '1.0.0' })
    await publish(t, tokens.publisher, { name: 'vpc', provider: 'aws', version: '1.2.0' })
    await publish(t, tokens.publisher, { name: 'vpc', provider: 'aws', version: '2.0.0-beta' })
    await publish(t, tokens.publisher, { name: 'vpc', provider: 'aws', version: '3.0.0', content: null })
    await publish(t, tokens.publisher, { name: 'vpc', provider: 'google', version: '0.1.0' })
    await publish(t, tokens.publisher, { name: 'dns', provider: 'aws', version: '1.0.0', content: 'bad archive' }).catch(() => undefined)
  })

  describe('authentication and access', () => {
    it('401 without a token or with an unknown one, in the protocol error shape', async () => {
      await expectError(`${B}/acme/vpc/aws/versions`, null, 401)
      await expectError(`${B}/acme/vpc/aws/versions`, 'not-a-token', 401)
      await expectError(B, null, 401)
    })

    it('404 for an unknown organization and for one the caller cannot read', async () => {
      await anOrganizationWith(t.useCases, t.admin.user, 'globex')
      const outsider = await t.signUp('outsider')
      for (const path of [`${B}/globex`, `${B}/nowhere/vpc/aws/versions`, `${B}/globex/vpc/aws/1.0.0/download`]) {
        await expectError(path, tokens.reader, 404)
      }
      await expectError(`${B}/acme/vpc/aws/versions`, outsider.token, 404)
      await expectError(`${B}/acme/vpc/aws/1.0.0/download`, outsider.token, 404)
      await expectError(`${B}/acme`, outsider.token, 404)
    })

    it('accepts the JSON:API media type that go-tfe sends, and answers plain JSON', async () => {
      const response = await get(`${B}/acme/vpc/aws/1.0.0`, tokens.reader, 'application/vnd.api+json')
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
    })

    it('an unexpected failure is a logged 500 in the protocol error shape, naming the request; the API’s stay JSON:API', async () => {
      const failure = () => Promise.reject(new Error('the store fell over'))
      Object.assign(t.useCases.moduleRegistry, { versions: failure })
      const response = await get(`${B}/acme/vpc/aws/versions`, tokens.reader)
      expect(response.status).toBe(500)
      const requestId = response.headers.get('X-Request-Id')
      expect(await json(response)).toEqual({ errors: [`internal server error (request ${requestId})`] })
      expect(t.logged).toEqual([
        { message: 'unexpected error', details: { requestId, error: expect.stringContaining('the store fell over') } },
      ])
      Object.assign(t.useCases.organizations, { show: failure })
      const api = await t.call('GET', '/api/v2/organizations/acme', tokens.reader)
      expect(api.status).toBe(500)
      expect(await json(api)).toMatchObject({ errors: [{ status: '500', title: 'internal server error' }] })
    })
  })

  describe('versions', () => {
    it('lists only ok versions of the provider, with what each requires', async () => {
      const document = await body<VersionsBody>(`${B}/acme/vpc/aws/versions`, tokens.reader)
      expect(document.modules).toHaveLength(1)
      expect(document.modules[0]?.source).toBe('acme/vpc/aws')
      expect(document.modules[0]?.versions.map((v) => v.version)).toEqual(['1.0.0', '1.2.0', '2.0.0-beta'])
      expect(document.modules[0]?.versions[0]).toEqual({
        version: '1.0.0',
        root: { providers: [], dependencies: [] },
        submodules: [],
        deprecation: null,
      })
    })

    it('answers a version published since on the very next request, and the same answer again until then', async () => {
      const versionsOf = async () =>
        (await body<VersionsBody>(`${B}/acme/vpc/aws/versions`, tokens.reader)).modules[0]?.versions.map((v) => v.version)
      expect(await versionsOf()).toEqual(['1.0.0', '1.2.0', '2.0.0-beta'])
      expect(await versionsOf()).toEqual(['1.0.0', '1.2.0', '2.0.0-beta'])
      await publish(t, tokens.publisher, { name: 'vpc', provider: 'aws', version: '1.3.0' })
      expect(await versionsOf()).toEqual(['1.0.0', '1.2.0', '2.0.0-beta', '1.3.0'])
    })

    it('404 for an unknown module or provider, and for a module without an ok version', async () => {
      await expectError(`${B}/acme/nope/aws/versions`, tokens.reader, 404)
      await expectError(`${B}/acme/vpc/azure/versions`, tokens.reader, 404)
      await expectError(`${B}/acme/dns/aws/versions`, tokens.reader, 404)
    })
  })

  describe('download', () => {
    it('204 with an empty body and an absolute X-Terraform-Get link to a .tar.gz', async () => {
      const response = await get(`${B}/acme/vpc/aws/1.2.0/download`, tokens.reader)
      expect(response.status).toBe(204)
      expect(await response.text()).toBe('')
      expect(response.headers.get('X-Terraform-Get')).toMatch(/^http:\/\/localhost\/api\/registry\/v1\/archives\/[^/]+\/module\.tar\.gz$/)
    })

    it('a version spelled otherwise than listed (v1.2.0) downloads the same archive', async () => {
      const listed = await get(`${B}/acme/vpc/aws/1.2.0/download`, tokens.reader)
      const spelled = await get(`${B}/acme/vpc/aws/v1.2.0/download`, tokens.reader)
      expect(spelled.status).toBe(204)
      expect(spelled.headers.get('X-Terraform-Get')).toBe(listed.headers.get('X-Terraform-Get'))
    })

    it('404 for a version that is not ok or not there', async () => {
      await expectError(`${B}/acme/vpc/aws/3.0.0/download`, tokens.reader, 404)
      await expectError(`${B}/acme/vpc/aws/9.9.9/download`, tokens.reader, 404)
      await expectError(`${B}/acme/vpc/aws/not-semver/download`, tokens.reader, 404)
    })

    it('download latest redirects (302) to the download of the highest release', async () => {
      const response = await get(`${B}/acme/vpc/aws/download`, tokens.reader)
      expect(response.status).toBe(302)
      expect(response.headers.get('Location')).toBe(`${B}/acme/vpc/aws/1.2.0/download`)
    })

    it('counts downloads per version, written in batches, shown in the details', async () => {
      for (let i = 0; i < 3; i += 1) expect((await get(`${B}/acme/vpc/aws/1.2.0/download`, tokens.reader)).status).toBe(204)
      expect((await body<DetailBody>(`${B}/acme/vpc/aws/1.2.0`, tokens.reader)).downloads).toBe(0)
      await t.useCases.moduleRegistry.flushDownloads()
      expect((await body<DetailBody>(`${B}/acme/vpc/aws/1.2.0`, tokens.reader)).downloads).toBe(3)
      expect((await body<DetailBody>(`${B}/acme/vpc/aws/1.0.0`, tokens.reader)).downloads).toBe(0)
    })
  })

  describe('details', () => {
    it('get a module version: the detail shape, inputs with string defaults', async () => {
      const detail = await body<DetailBody>(`${B}/acme/vpc/aws/1.0.0`, tokens.reader)
      expect(detail).toMatchObject({
        id: 'acme/vpc/aws/1.0.0',
        namespace: 'acme',
        name: 'vpc',
        provider: 'aws',
        version: '1.0.0',
        owner: '',
        verified: false,
        deprecation: null,
        providers: ['aws', 'google'],
        versions: ['1.0.0', '1.2.0', '2.0.0-beta'],
        submodules: [],
        examples: [],
      })
      expect(detail.root.inputs).toEqual([{ name: 'region', type: 'string', description: '', default: '"us-east-1"', required: false }])
      expect(detail.published_at).toMatch(/Z$/)
    })

    it('latest for a provider is the highest release; 404 for a version that is not ok', async () => {
      expect((await body<DetailBody>(`${B}/acme/vpc/aws`, tokens.reader)).version).toBe('1.2.0')
      await expectError(`${B}/acme/vpc/aws/3.0.0`, tokens.reader, 404)
      await expectError(`${B}/acme/vpc/aws/4.0.0`, tokens.reader, 404)
    })

    it('latest is the highest pre-release when a provider has nothing else', async () => {
      await publish(t, tokens.publisher, { name: 'edge', provider: 'aws', version: '0.1.0-rc.1' })
      await publish(t, tokens.publisher, { name: 'edge', provider: 'aws', version: '0.1.0-rc.2' })
      expect((await body<DetailBody>(`${B}/acme/edge/aws`, tokens.reader)).version).toBe('0.1.0-rc.2')
    })

    it('latest for all providers: one short entry per provider with an ok version', async () => {
      const { modules } = await body<ListBody>(`${B}/acme/vpc`, tokens.reader)
      expect(modules.map((m) => m.id)).toEqual(['acme/vpc/aws/1.2.0', 'acme/vpc/google/0.1.0'])
      await expectError(`${B}/acme/dns`, tokens.reader, 404)
    })
  })

  describe('browse and search', () => {
    it('browse lists published modules of every readable organization, and of one namespace', async () => {
      const { principal } = await anOrganizationWith(t.useCases, t.admin.user, 'globex')
      await addMember(t.useCases, { organizationName: 'globex', email: 'reader@example.com' }, principal)
      await publish(t, t.adminToken, { name: 'net', provider: 'aws', version: '1.0.0', organization: 'globex' })
      const all = await body<ListBody>(B, tokens.reader)
      expect(all.modules.map((m) => m.id)).toEqual(['acme/vpc/aws/1.2.0', 'acme/vpc/google/0.1.0', 'globex/net/aws/1.0.0'])
      expect(all.meta).toEqual({ limit: 15, current_offset: 0 })
      expect((await body<ListBody>(`${B}/`, tokens.reader)).modules).toHaveLength(3)
      expect((await body<ListBody>(`${B}/acme`, tokens.reader)).modules).toHaveLength(2)
      expect((await body<ListBody>(`${B}?provider=google`, tokens.reader)).modules.map((m) => m.id)).toEqual(['acme/vpc/google/0.1.0'])
      expect((await body<ListBody>(B, tokens.publisher)).modules).toHaveLength(2)
      expect((await body<ListBody>(`${B}?verified=true`, tokens.reader)).modules).toEqual([])
    })

    it('search needs q, matches name, namespace or provider, and pages with offset and limit', async () => {
      await expectError(`${B}/search`, tokens.reader, 400)
      const first = await body<ListBody>(`${B}/search?q=VP&limit=1`, tokens.reader)
      expect(first.modules.map((m) => m.id)).toEqual(['acme/vpc/aws/1.2.0'])
      expect(first.meta).toEqual({ limit: 1, current_offset: 0, next_offset: 1, next_url: `${B}/search?limit=1&offset=1&q=VP` })
      const second = await body<ListBody>(first.meta.next_url ?? '', tokens.reader)
      expect(second.modules.map((m) => m.id)).toEqual(['acme/vpc/google/0.1.0'])
      expect(second.meta).toEqual({ limit: 1, current_offset: 1, prev_offset: 0, prev_url: `${B}/search?limit=1&offset=0&q=VP` })
      expect((await body<ListBody>(`${B}/search?q=goog`, tokens.reader)).modules).toHaveLength(1)
      expect((await body<ListBody>(`${B}/search?q=vpc&namespace=acme&provider=aws`, tokens.reader)).modules).toHaveLength(1)
      expect((await body<ListBody>(`${B}/search?q=vpc&limit=1000`, tokens.reader)).meta.limit).toBe(100)
      await expectError(`${B}/search?q=vpc&offset=-1`, tokens.reader, 400)
    })
  })
})
