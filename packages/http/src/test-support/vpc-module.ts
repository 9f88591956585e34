import { expect } from 'vitest'
import { json, type SingleDoc } from './documents.ts'
import { moduleBody, moduleOrganization, versionBody } from './module-fixtures.ts'
import { testApp, type TestApp } from './test-app.ts'

export const BASE = '/api/v2/organizations/acme/registry-modules'
export const VPC = `${BASE}/private/acme/vpc/aws`

/** The organization of moduleOrganization with the private module vpc/aws, on an app whose upload links point at another host. */
export async function vpcModule() {
  const t = await testApp({ uploadUrl: new URL('https://uploads.example.com/archivist') })
  const tokens = await moduleOrganization(t)
  expect((await t.call('POST', BASE, tokens.publisher, moduleBody({ name: 'vpc', provider: 'aws' }))).status).toBe(201)
  return { t, tokens }
}

/** Creates `version` at `path` (vpc/aws's versions by default) with `token`, which must answer 201. */
export async function createVersionAs(t: TestApp, token: string, version: string, path = `${VPC}/versions`): Promise<SingleDoc['data']> {
  const response = await t.call('POST', path, token, versionBody(version))
  expect(response.status).toBe(201)
  return (await json<SingleDoc>(response)).data
}

/** PUTs an archive to an upload link as go-tfe does: no Authorization header. */
export async function uploadArchive(t: TestApp, link: string, body: string): Promise<Response> {
  const { pathname } = new URL(link)
  return t.app.request(pathname.replace('/archivist', ''), {
    method: 'PUT',
    headers: { 'Content-Type': 'application/octet-stream' },
    body,
  })
}
