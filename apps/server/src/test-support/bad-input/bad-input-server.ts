import { collect, fixtureModule, packDirectory } from '@cairn/test-fixtures'
import { untilSettled } from '@cairn/testing'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import { startServer } from '../../cli/serve.ts'
import { userToken } from '../cli.ts'
import { testConfig } from '../test-config.ts'
import { JSON_API, MODULE, type Actor, type Answer, type Sent, type World } from './sent.ts'
import { captureServerErrors } from './server-errors.ts'
import { blobFiles, snapshot } from './stored-state.ts'
import { sendOnWire, type Tokens } from './wire-client.ts'

export interface Doc {
  data: { id: string; attributes: Record<string, unknown>; links?: { upload?: string } }
}
interface ListDoc {
  data: { id: string }[]
}

/**
 * The real server (HTTP through @hono/node-server, PGlite, the filesystem blob store and the
 * archive analyser) with an organization, a team, a tool version, a workspace and its run, and a
 * module with a version whose sound archive is stored: what the generated requests address.
 */
export interface BadInputServer {
  readonly port: number
  readonly tokens: Tokens
  readonly world: World
  readonly dataDir: string
  /** The archive of version 1.0.0, which the archive property damages. */
  readonly soundArchive: Uint8Array
  /** What is stored once the setup has run, as `snapshot` reads it. */
  readonly baseline: string
  send(sent: Sent): Promise<Answer>
  /** A request that must succeed (setup and read-backs), answered as a document. */
  ok<T = Doc>(method: string, path: string, as: Actor, body?: unknown): Promise<T>
  /** The attributes of a version of the module once its upload's analysis (a job) has settled it. */
  settled(version: string): Promise<Record<string, unknown>>
  blobFiles(): string[]
  stop(): Promise<void>
}

/** How long the setup may take on a loaded two-core machine. */
export const SETUP_TIMEOUT = 180_000

export async function startBadInputServer(): Promise<BadInputServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cairn-bad-input-'))
  const env = { CAIRN_DATA_DIR: dataDir, PORT: '0' }
  const tokens = { admin: await userToken(env, 'root', true), owner: await userToken(env, 'owner') }
  const errors = captureServerErrors()
  const server = await startServer(testConfig(env))
  const port = Number(new URL(server.url).port)
  const world: World = {
    adminId: '',
    ownerId: '',
    teamId: '',
    toolVersionId: '',
    workspaceId: '',
    runId: '',
    moduleId: '',
    membershipId: '',
    tokenId: '',
  }
  const send = (sent: Sent) => sendOnWire(sent, { port, tokens, errors })
  async function ok<T = Doc>(method: string, path: string, as: Actor, body?: unknown): Promise<T> {
    const answer = await send({
      label: 'setup',
      method,
      path,
      as,
      ...(body !== undefined && { body: JSON.stringify(body), contentType: JSON_API }),
    })
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`)
    return JSON.parse(answer.text) as T
  }
  async function settled(version: string): Promise<Record<string, unknown>> {
    const read = async () => (await ok('GET', `${MODULE}/version?module_version=${version}`, 'owner')).data.attributes
    return untilSettled(read, (attributes) => String(attributes['status']))
  }
  const stop = async () => {
    errors.restore()
    await server.stop()
  }
  try {
    const soundArchive = await collect(packDirectory(fixtureModule('minimal')))
    await createWorld(world, ok)
    await uploadSound(soundArchive, { ok, send, settled })
    world.membershipId = (await ok<ListDoc>('GET', '/api/v2/organizations/acme/organization-memberships', 'owner')).data[0]?.id ?? ''
    world.tokenId = (await ok<ListDoc>('GET', `/api/v2/users/${world.ownerId}/authentication-tokens`, 'owner')).data[0]?.id ?? ''
    expect(Object.values(world).every((id) => id !== '')).toBe(true)
    expect(blobFiles(dataDir)).toHaveLength(1)
    const baseline = await snapshot({ world, dataDir, send })
    return { port, tokens, world, dataDir, soundArchive, baseline, send, ok, settled, blobFiles: () => blobFiles(dataDir), stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** Version 1.0.0 of the module, with `archive`, settled ok. */
async function uploadSound(archive: Uint8Array, server: Pick<BadInputServer, 'ok' | 'send' | 'settled'>): Promise<void> {
  const version = await server.ok('POST', `${MODULE}/versions`, 'owner', {
    data: { type: 'registry-module-versions', attributes: { version: '1.0.0' } },
  })
  const upload = new URL(version.data.links?.upload ?? '')
  const uploaded = await server.send({
    label: 'upload',
    method: 'PUT',
    path: upload.pathname,
    as: 'anonymous',
    body: archive,
    contentType: 'application/octet-stream',
  })
  expect(uploaded.status).toBe(200)
  expect((await server.settled('1.0.0')).status).toBe('ok')
}

/** The accounts, organization, team, tool version, workspace, run and module that routes address, their ids in `world`. */
async function createWorld(world: World, ok: BadInputServer['ok']): Promise<void> {
  world.adminId = (await ok('GET', '/api/v2/account/details', 'admin')).data.id
  world.ownerId = (await ok('GET', '/api/v2/account/details', 'owner')).data.id
  // A fresh self-hosted installation lets only site administrators create organizations.
  await ok('PATCH', '/api/v2/admin/general-settings', 'admin', {
    data: { type: 'general-settings', attributes: { 'limit-user-organization-creation': false } },
  })
  await ok('POST', '/api/v2/organizations', 'owner', {
    data: { type: 'organizations', attributes: { name: 'acme', email: 'a@acme.test' } },
  })
  world.teamId = (
    await ok('POST', '/api/v2/organizations/acme/teams', 'owner', {
      data: { type: 'teams', attributes: { name: 'devs', 'organization-access': { 'manage-modules': true } } },
    })
  ).data.id
  world.toolVersionId = (
    await ok('POST', '/api/v2/admin/tool-versions', 'admin', {
      data: { type: 'tool-versions', attributes: { version: '1.9.0', url: 'https://x.test/t.zip', sha: 'f'.repeat(64) } },
    })
  ).data.id
  world.workspaceId = (
    await ok('POST', '/api/v2/organizations/acme/workspaces', 'owner', {
      data: { type: 'workspaces', attributes: { name: 'app', 'terraform-version': '1.9.0' } },
    })
  ).data.id
  world.runId = (
    await ok('POST', '/api/v2/runs', 'owner', {
      data: {
        type: 'runs',
        attributes: { message: 'first' },
        relationships: { workspace: { data: { type: 'workspaces', id: world.workspaceId } } },
      },
    })
  ).data.id
  world.moduleId = (
    await ok('POST', '/api/v2/organizations/acme/registry-modules', 'owner', {
      data: { type: 'registry-modules', attributes: { name: 'network', provider: 'aws' } },
    })
  ).data.id
}
