/* global process, URL, console, setTimeout, Request */
// A host application as an embedder writes it, in plain JavaScript against the packed packages:
// Hono serving its own routes and Cairn under /registry. Run by published-packages.int.test.ts as
//   node packed-host.mjs publish <store> <archive>   seeds and publishes, prints what it read back
//   node packed-host.mjs read <store> <token>        reads back what an earlier process published
//   node packed-host.mjs postgres <url>              opens Cairn on PostgreSQL, its default schema, and creates a user
//   node packed-host.mjs closed <store>              uses a closed Cairn, then reopens the store to see what it holds
// where <store> is "memory", a data directory or a postgres:// URL. It prints one JSON line.
import { createCairn, OPERATOR } from '@cairn/server'
import { Hono } from 'hono'
import { readFileSync } from 'node:fs'

const [command, where, argument] = process.argv.slice(2)
if (command === 'postgres') {
  console.log(JSON.stringify(await onPostgres(where)))
  process.exit(0)
}
if (command === 'closed') {
  console.log(JSON.stringify(await afterClose(optionsFor(where))))
  process.exit(0)
}
const store = where === 'memory' ? { kind: 'memory' } : { kind: 'embedded', dataDir: where }
const cairn = await createCairn({ store, basePath: '/registry' })
const host = new Hono()
host.get('/', (c) => c.text('the host'))
host.all('/registry/*', (c) => cairn.fetch(c.req.raw))
const send = (path, init) => host.request(`http://host.test${path}`, init)
const address = { registryName: 'private', namespace: 'acme', name: 'network', provider: 'aws' }

async function publish(archive) {
  // Only site administrators create organizations by default in the self-hosted edition.
  await cairn.useCases.users.create({ username: 'owner', email: 'owner@acme.test', isSiteAdmin: true }, OPERATOR)
  const { bearer } = await cairn.useCases.tokens.createForUser({ user: { username: 'owner' } }, OPERATOR)
  const owner = await cairn.useCases.tokens.authenticate({ token: bearer })
  const headers = { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/vnd.api+json' }
  const organization = { data: { type: 'organizations', attributes: { name: 'acme', email: 'ops@acme.test' } } }
  await expectStatus(send('/registry/api/v2/organizations', { method: 'POST', headers, body: JSON.stringify(organization) }), 201)
  await cairn.useCases.modules.create({ organizationName: 'acme', name: 'network', provider: 'aws' }, owner)
  const version = { data: { type: 'registry-module-versions', attributes: { version: '1.0.0' } } }
  const versionPath = '/registry/api/v2/organizations/acme/registry-modules/private/acme/network/aws/versions'
  const created = await expectStatus(send(versionPath, { method: 'POST', headers, body: JSON.stringify(version) }), 201)
  const upload = (await created.json()).data.links.upload
  await expectStatus(send(new URL(upload).pathname, { method: 'PUT', body: readFileSync(archive) }), 200)
  await settled(headers)
  return { token: bearer, upload, ...(await read(bearer)) }
}

/** Reads the version until its analysis has settled it: the upload answers once the archive is stored. */
async function settled(headers) {
  const path = '/registry/api/v2/organizations/acme/registry-modules/private/acme/network/aws/version?module_version=1.0.0'
  for (;;) {
    const { status } = (await (await expectStatus(send(path, { headers }), 200)).json()).data.attributes
    if (status !== 'reg_ingressing') return status
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** What the host reads back, over HTTP and through the use cases. */
async function read(bearer) {
  const headers = { Authorization: `Bearer ${bearer}` }
  const owner = await cairn.useCases.tokens.authenticate({ token: bearer })
  const organization = await (await expectStatus(send('/registry/api/v2/organizations/acme', { headers }), 200)).json()
  const versions = await (await expectStatus(send('/registry/api/registry/v1/modules/acme/network/aws/versions', { headers }), 200)).json()
  const download = await expectStatus(send('/registry/api/registry/v1/modules/acme/network/aws/1.0.0/download', { headers }), 204)
  const view = await cairn.useCases.modules.show({ organizationName: 'acme', address }, owner)
  return {
    organization: organization.data.id,
    protocolVersions: versions.modules[0].versions.map((entry) => entry.version),
    terraformGet: download.headers.get('X-Terraform-Get'),
    useCaseVersions: view.versions.map((entry) => `${entry.version}:${entry.status}`),
    host: await (await send('/')).text(),
  }
}

/** A user created on PostgreSQL at `url`, or how opening Cairn there failed, as a host would catch it. */
async function onPostgres(url) {
  let cairn
  try {
    cairn = await createCairn({ store: { kind: 'postgres', url }, blobs: { kind: 'memory' }, signingKey: 'k'.repeat(32) })
  } catch (error) {
    return { error: { name: error.name, code: error.code, message: error.message } }
  }
  try {
    const user = await cairn.useCases.users.create({ username: 'embedded', email: 'embedded@acme.test' }, OPERATOR)
    return { user: user.username }
  } finally {
    await cairn.close()
  }
}

/** The options of a host on `where`: "memory", a postgres:// URL or a data directory. */
function optionsFor(where) {
  if (where === 'memory') return { store: { kind: 'memory' } }
  if (where.startsWith('postgres'))
    return { store: { kind: 'postgres', url: where }, blobs: { kind: 'memory' }, signingKey: 'k'.repeat(32) }
  return { store: { kind: 'embedded', dataDir: where } }
}

/**
 * A Cairn used after `close()`: what an operation and a request answered, whether closing again
 * was fine, and, reopened on the same store (but memory), which of the users it holds.
 */
async function afterClose(options) {
  const user = (username) => ({ username, email: `${username}@acme.test` })
  const cairn = await createCairn(options)
  await cairn.useCases.users.create(user('before-close'), OPERATOR)
  const { bearer } = await cairn.useCases.tokens.createForUser({ user: { username: 'before-close' } }, OPERATOR)
  await cairn.close()
  const operation = await cairn.useCases.users.create(user('after-close'), OPERATOR).then(
    () => 'written',
    (error) => ({ name: error.name, code: error.code, message: error.message }),
  )
  const body = JSON.stringify({ data: { type: 'users', attributes: user('posted-after-close') } })
  const headers = { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/vnd.api+json' }
  const response = await cairn.fetch(new Request('http://host.test/api/v2/admin/users', { method: 'POST', headers, body }))
  const request = { status: response.status, body: await response.json() }
  await Promise.all([cairn.close(), cairn.close()])
  if (options.store.kind === 'memory') return { operation, request }
  const reopened = await createCairn(options)
  try {
    const holds = (username) =>
      reopened.useCases.tokens.createForUser({ user: { username } }, OPERATOR).then(
        () => true,
        (error) => (error.code === 'not_found' ? false : Promise.reject(error)),
      )
    const users = Object.fromEntries(
      await Promise.all(['before-close', 'after-close', 'posted-after-close'].map(async (name) => [name, await holds(name)])),
    )
    return { operation, request, users }
  } finally {
    await reopened.close()
  }
}

async function expectStatus(pending, status) {
  const response = await pending
  if (response.status !== status) throw new Error(`${response.url}: ${response.status} ${await response.text()}`)
  return response
}

try {
  const result = command === 'publish' ? await publish(argument) : await read(argument)
  console.log(JSON.stringify(result))
} finally {
  await cairn.close()
}
