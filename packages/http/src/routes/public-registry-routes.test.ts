import { CairnError, OPERATOR } from '@cairn/core'
import { beforeEach, describe, expect, it } from 'vitest'
import { json, type ErrorDoc } from '../test-support/documents.ts'
import { moduleBody, moduleOrganization } from '../test-support/module-fixtures.ts'
import { testApp, type TestApp } from '../test-support/test-app.ts'

const PROXY = '/api/registry/public/v1/modules'
const VPC = `${PROXY}/terraform-aws-modules/vpc/aws`

describe('public module proxy (spec §1.3–1.5), hosted edition', () => {
  let t: TestApp
  let tokens: Awaited<ReturnType<typeof moduleOrganization>>

  beforeEach(async () => {
    t = await testApp({ edition: 'hosted' })
    tokens = await moduleOrganization(t)
    t.deps.upstream.publish('terraform-aws-modules/vpc/aws', ['5.0.0', '5.1.0'])
    t.deps.upstream.publish('terraform-aws-modules/s3-bucket/aws', ['4.0.0'])
    const curated = moduleBody({ name: 'vpc', provider: 'aws', namespace: 'terraform-aws-modules', 'registry-name': 'public' })
    expect((await t.call('POST', '/api/v2/organizations/acme/registry-modules', tokens.publisher, curated)).status).toBe(201)
  })

  async function errorsOf(response: Response, status: number) {
    expect(response.status).toBe(status)
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
    return (await json<ErrorDoc>(response)).errors
  }

  it('200: the versions of a curated module, as plain JSON', async () => {
    const response = await t.call('GET', `${VPC}/versions`, tokens.reader)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect(await response.json()).toEqual({
      modules: [{ source: 'terraform-aws-modules/vpc/aws', versions: [{ version: '5.0.0' }, { version: '5.1.0' }] }],
    })
  })

  it('200: one version, and the latest version for the provider', async () => {
    expect(await (await t.call('GET', `${VPC}/5.0.0`, tokens.reader)).json()).toMatchObject({ version: '5.0.0', name: 'vpc' })
    expect(await (await t.call('GET', VPC, tokens.reader)).json()).toMatchObject({ version: '5.1.0', versions: ['5.0.0', '5.1.0'] })
    expect(t.deps.upstream.requests).toEqual(['terraform-aws-modules/vpc/aws/5.0.0', 'terraform-aws-modules/vpc/aws'])
  })

  it('200 with the tokens of the curating organization and of its teams', async () => {
    const organization = await t.useCases.serviceTokens.createOrganizationToken({ organizationName: 'acme' }, OPERATOR)
    expect((await t.call('GET', `${VPC}/versions`, organization.bearer)).status).toBe(200)
    const [team] = (await t.useCases.teams.list({ organizationName: 'acme', page: { number: 1, size: 20 } }, OPERATOR)).items
    const teamToken = await t.useCases.serviceTokens.createTeamToken({ teamId: team?.id ?? '' }, OPERATOR)
    expect((await t.call('GET', `${VPC}/versions`, teamToken.bearer)).status).toBe(200)
  })

  it('404 without asking the upstream: a module nobody curated', async () => {
    const errors = await errorsOf(await t.call('GET', `${PROXY}/terraform-aws-modules/s3-bucket/aws/versions`, tokens.reader), 404)
    expect(errors[0]).toMatchObject({ status: '404', title: 'not found' })
    expect(t.deps.upstream.requests).toEqual([])
  })

  it('404 without asking the upstream: curated by an organization the caller cannot read', async () => {
    const outsider = await t.signUp('outsider')
    await errorsOf(await t.call('GET', `${VPC}/versions`, outsider.token), 404)
    await errorsOf(await t.call('GET', VPC, outsider.token), 404)
    await errorsOf(await t.call('GET', `${VPC}/5.0.0`, outsider.token), 404)
    expect(t.deps.upstream.requests).toEqual([])
  })

  it('404 when the upstream has no such version', async () => {
    await errorsOf(await t.call('GET', `${VPC}/9.9.9`, tokens.reader), 404)
  })

  it('400 naming the version, without asking the upstream, when it is not semver', async () => {
    const [error] = await errorsOf(await t.call('GET', `${VPC}/latest-and-greatest`, tokens.reader), 400)
    expect(error?.detail).toMatch(/^version /)
    expect(t.deps.upstream.requests).toEqual([])
  })

  it('401 without a token', async () => {
    const [error] = await errorsOf(await t.call('GET', `${VPC}/versions`, null), 401)
    expect(error).toMatchObject({ status: '401' })
    expect(t.deps.upstream.requests).toEqual([])
  })

  it.each([
    ['upstream_failed', 502, 'bad gateway'],
    ['upstream_timeout', 504, 'gateway timeout'],
  ] as const)('%s: %d with a JSON error object', async (code, status, title) => {
    t.deps.upstream.failure = new CairnError(code, 'the public registry at https://registry.example did not answer in time')
    const [error] = await errorsOf(await t.call('GET', `${VPC}/versions`, tokens.reader), status)
    expect(error).toEqual({ status: String(status), title, detail: expect.stringContaining('public registry') })
  })
})

describe('public module proxy, self-hosted edition', () => {
  it('404 on every proxy route, with or without a token, and the upstream is never asked', async () => {
    const t = await testApp({ edition: 'self-hosted' })
    for (const path of [`${VPC}/versions`, `${VPC}/5.0.0`, VPC]) {
      expect((await t.call('GET', path, t.memberToken)).status).toBe(404)
      expect((await t.call('GET', path, null)).status).toBe(404)
    }
    expect(t.deps.upstream.requests).toEqual([])
  })
})
