import { apiDocs } from '@cairn/api-docs'
import { untilSettled } from '@cairn/testing'
import { fixtureModule, packDirectory } from '@cairn/test-fixtures'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createCairn, type Cairn } from './create-cairn.ts'
import { signUpHostUser } from './test-support/host-user.ts'
import type { CairnOptions } from './cairn-options.ts'

const JSON_API = 'application/vnd.api+json'
const MODULE = '/registry/api/registry/v1/modules/acme/network/aws'
const VERSIONS = '/registry/api/v2/organizations/acme/registry-modules/private/acme/network/aws'

type Send = (path: string, init?: RequestInit) => Promise<Response>

/** A host that serves its own routes, and Cairn's under /registry plus the discovery document. */
function honoHost(cairn: Cairn): Hono {
  const host = new Hono()
  host.get('/', (c) => c.text('the host'))
  host.get('/.well-known/terraform.json', (c) => cairn.fetch(c.req.raw))
  host.all('/registry/*', (c) => cairn.fetch(c.req.raw))
  return host
}

/** The same with plain node:http, through the node adapter of Hono. */
async function nodeHost(cairn: Cairn): Promise<Server> {
  const listener = getRequestListener(cairn.fetch)
  const server = createServer((request, response) => {
    const url = request.url ?? '/'
    if (url.startsWith('/registry/') || url === '/.well-known/terraform.json') return void listener(request, response)
    response.writeHead(404).end('not the registry')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

describe('Cairn mounted under /registry', () => {
  let archive: Uint8Array<ArrayBuffer>
  const opened: Cairn[] = []
  const servers: Server[] = []

  beforeAll(async () => {
    archive = await new Response(packDirectory(fixtureModule('network')) as unknown as BodyInit).bytes()
  })

  afterEach(async () => {
    for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve))
    await Promise.all(opened.splice(0).map((cairn) => cairn.close()))
  })

  async function open(options: Partial<CairnOptions> = {}): Promise<Cairn> {
    const cairn = await createCairn({ store: { kind: 'memory' }, basePath: '/registry', ...options })
    opened.push(cairn)
    return cairn
  }

  /** Seeds an owner, then publishes a version through the host's paths; returns what the links said. */
  async function publish(cairn: Cairn, send: Send) {
    // Only site administrators create organizations by default in the self-hosted edition.
    const { principal: owner, bearer } = await signUpHostUser(cairn, 'owner', { isSiteAdmin: true })
    const headers = { Authorization: `Bearer ${bearer}`, 'Content-Type': JSON_API }
    const organization = { data: { type: 'organizations', attributes: { name: 'acme', email: 'ops@acme.test' } } }
    const createdOrganization = await send('/registry/api/v2/organizations', {
      method: 'POST',
      headers,
      body: JSON.stringify(organization),
    })
    expect(createdOrganization.status).toBe(201)
    const resourceLink = ((await createdOrganization.json()) as { data: { links: { self: string } } }).data.links.self
    await cairn.useCases.modules.create({ organizationName: 'acme', name: 'network', provider: 'aws' }, owner)
    const version = { data: { type: 'registry-module-versions', attributes: { version: '1.0.0' } } }
    const created = await send(`${VERSIONS}/versions`, {
      method: 'POST',
      headers,
      body: JSON.stringify(version),
    })
    expect(created.status).toBe(201)
    const upload = ((await created.json()) as { data: { links: { upload: string } } }).data.links.upload
    const uploaded = await send(new URL(upload).pathname, { method: 'PUT', body: archive })
    type VersionDocument = { data: { attributes: { status: string } } }
    expect(((await uploaded.json()) as VersionDocument).data.attributes.status).toBe('reg_ingressing')
    const read = async () => (await (await send(`${VERSIONS}/version?module_version=1.0.0`, { headers })).json()) as VersionDocument
    expect((await untilSettled(read, (document) => document.data.attributes.status)).data.attributes.status).toBe('ok')
    const list = (await (await send('/registry/api/v2/organizations', { headers })).json()) as { links: { self: string } }
    const download = await send(`${MODULE}/1.0.0/download`, { headers })
    expect(download.status).toBe(204)
    const latest = await send(`${MODULE}/download`, { headers, redirect: 'manual' })
    return {
      upload,
      resourceLink,
      self: list.links.self,
      terraformGet: download.headers.get('X-Terraform-Get') ?? '',
      latest: latest.headers.get('Location'),
    }
  }

  it('in a Hono host: links, upload URLs and X-Terraform-Get addresses carry the prefix, and lead back to Cairn', async () => {
    const cairn = await open()
    const host = honoHost(cairn)
    const send: Send = async (path, init) => host.request(`http://host.test${path}`, init)
    const links = await publish(cairn, send)
    expect(links.upload).toMatch(/^http:\/\/host\.test\/registry\/v1\/object\//)
    expect(links.self).toMatch(/^http:\/\/host\.test\/registry\/api\/v2\/organizations\?/)
    expect(links.resourceLink).toBe('/registry/api/v2/organizations/acme')
    expect(links.terraformGet).toMatch(/^http:\/\/host\.test\/registry\/api\/registry\/v1\/archives\/.+\/module\.tar\.gz$/)
    expect(links.latest).toBe(`${MODULE}/1.0.0/download`)
    const fetched = await send(new URL(links.terraformGet).pathname)
    expect(fetched.status).toBe(200)
    expect(new Uint8Array(await fetched.arrayBuffer())).toEqual(archive)
    expect(await (await send('/')).text()).toBe('the host')
  })

  it('announces its services under the prefix in the discovery document the host serves at its root', async () => {
    const send: Send = async (path, init) => honoHost(await open()).request(`http://host.test${path}`, init)
    const services = (await (await send('/.well-known/terraform.json')).json()) as Record<string, unknown>
    expect(services).toMatchObject({ 'modules.v1': '/registry/api/registry/v1/modules/', 'tfe.v2': '/registry/api/v2/' })
  })

  it('describes its API under the prefix: the OpenAPI server is the prefix, discovery stays at the root', async () => {
    const send: Send = async (path, init) => honoHost(await open({ apiDocs: apiDocs() })).request(`http://host.test${path}`, init)
    type Description = { info: { version: string }; servers: { url: string }[]; paths: Record<string, { servers?: { url: string }[] }> }
    const document = (await (await send('/registry/api/openapi.json')).json()) as Description
    expect(document.info.version).toBe(
      (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version,
    )
    expect(document.servers).toEqual([{ url: '/registry' }])
    expect(Object.keys(document.paths)).toContain('/api/v2/organizations')
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/registry'))).toEqual([])
    expect(document.paths['/.well-known/terraform.json']?.servers).toEqual([{ url: '/' }])
    const page = await (await send('/registry/api/docs')).text()
    expect(page).toContain('/registry/api/openapi.json')
    expect(page).toContain('/registry/api/docs/standalone.js')
    expect((await send('/registry/api/docs/standalone.js')).status).toBe(200)
  })

  it('answers paths outside its prefix not found, as a JSON:API error', async () => {
    const cairn = await open()
    const response = await cairn.fetch(new Request('http://host.test/api/v2/organizations'))
    expect(response.status).toBe(404)
    expect(response.headers.get('Content-Type')).toContain(JSON_API)
  })

  it('answers the registry protocol’s failures under the prefix in the protocol’s shape, the API’s as JSON:API', async () => {
    const send: Send = async (path, init) => honoHost(await open()).request(`http://host.test${path}`, init)
    const failures = [
      { path: `${MODULE}/versions`, status: 401 },
      { path: '/registry/api/registry/v1/archives/forged/module.tar.gz', status: 404 },
    ]
    for (const { path, status } of failures) {
      const response = await send(path)
      expect(response.status).toBe(status)
      expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
      const { errors } = (await response.json()) as { errors: unknown[] }
      expect(errors.length).toBeGreaterThan(0)
      expect(errors.every((error) => typeof error === 'string')).toBe(true)
    }
    const api = await send('/registry/api/v2/organizations')
    expect(api.status).toBe(401)
    expect(api.headers.get('Content-Type')).toContain(JSON_API)
    expect(((await api.json()) as { errors: { status: string }[] }).errors[0]?.status).toBe('401')
  })

  it('on a configured base URL, absolute addresses are the base URL followed by the prefix', async () => {
    const cairn = await open({ baseUrl: 'https://public.example' })
    const host = honoHost(cairn)
    const links = await publish(cairn, async (path, init) => host.request(`http://internal:8080${path}`, init))
    expect(links.upload).toMatch(/^https:\/\/public\.example\/registry\/v1\/object\//)
    expect(links.terraformGet).toMatch(/^https:\/\/public\.example\/registry\/api\/registry\/v1\/archives\//)
  })

  it('in a node:http host, over a real socket', async () => {
    const cairn = await open()
    const server = await nodeHost(cairn)
    servers.push(server)
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const links = await publish(cairn, (path, init) => fetch(`${origin}${path}`, init))
    expect(links.upload.startsWith(`${origin}/registry/v1/object/`)).toBe(true)
    expect(links.terraformGet.startsWith(`${origin}/registry/api/registry/v1/archives/`)).toBe(true)
    const fetched = await fetch(links.terraformGet)
    expect(new Uint8Array(await fetched.arrayBuffer())).toEqual(archive)
  })
})
