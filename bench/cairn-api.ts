import type { Readable } from 'node:stream'
import { expectJson, send } from './http-client.ts'
import type { CairnProcess } from './processes.ts'

export const ORGANIZATION = 'bench'

interface Resource {
  readonly data: { readonly id: string; readonly attributes: Record<string, unknown>; readonly links?: Record<string, string> }
}

const SETTLE_TIMEOUT_MS = 60_000
const SETTLE_POLL_MS = 20

/** Reads the version until analysis settled it; throws unless it is `ok`. */
async function untilSettled(server: CairnProcess, versionPath: string, version: string): Promise<void> {
  for (const deadline = performance.now() + SETTLE_TIMEOUT_MS; ;) {
    const reply = await send('GET', `${server.url}${versionPath}`, { token: server.token })
    const status = String(expectJson<Resource>(reply, 200, `read version ${version}`).data.attributes['status'])
    if (status === 'ok') return
    if (status !== 'reg_ingressing' || performance.now() > deadline) {
      throw new Error(`version ${version} ended ${status}: ${reply.text.slice(0, 500)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS))
  }
}

/** Creates the organization every benchmark module lives in, owned by the benchmark's user. */
export async function createOrganization(server: CairnProcess): Promise<void> {
  const reply = await send('POST', `${server.url}/api/v2/organizations`, {
    token: server.token,
    json: { data: { type: 'organizations', attributes: { name: ORGANIZATION, email: 'bench@example.com' } } },
  })
  expectJson(reply, 201, 'create the organization')
}

/** A private registry module of the organization; returns its API path. */
export async function createModule(server: CairnProcess, name: string, provider = 'aws'): Promise<string> {
  const base = `/api/v2/organizations/${ORGANIZATION}/registry-modules`
  const reply = await send('POST', `${server.url}${base}`, {
    token: server.token,
    json: { data: { type: 'registry-modules', attributes: { name, provider } } },
  })
  expectJson(reply, 201, `create module ${name}`)
  return `${base}/private/${ORGANIZATION}/${name}/${provider}`
}

/** An archive to send: bytes, or a fresh stream of `size` bytes for each attempt. */
export type Upload = Uint8Array | { readonly size: number; open(): Readable }

export interface Published {
  /** `POST …/versions`, until its reply is read. */
  readonly createMs: number
  /** `PUT` of the archive to `links.upload`, until a read of the version says `ok`. */
  readonly uploadMs: number
  readonly totalMs: number
}

export interface PublishHooks {
  /** Called (and awaited) right before the PUT starts; not counted in `uploadMs`. */
  readonly beforeUpload?: () => void | Promise<void>
  /** Called once the whole archive has been handed to the socket. */
  readonly onBodySent?: () => void
}

/**
 * Publishes one version as go-tfe does, end to end: creates it, PUTs the archive to the upload
 * link it carries (no Authorization header), then reads the version until it is `ok` (the upload
 * host answers once the bytes are stored; the outcome of the analysis shows on the version).
 */
export async function publishVersion(
  server: CairnProcess,
  modulePath: string,
  version: string,
  archive: Upload,
  hooks: PublishHooks = {},
): Promise<Published> {
  const start = performance.now()
  const created = expectJson<Resource>(
    await send('POST', `${server.url}${modulePath}/versions`, {
      token: server.token,
      json: { data: { type: 'registry-module-versions', attributes: { version, 'commit-sha': null } } },
    }),
    201,
    `create version ${version}`,
  )
  const link = created.data.links?.['upload']
  if (link === undefined) throw new Error(`version ${version} came without links.upload`)
  const createMs = performance.now() - start
  await hooks.beforeUpload?.()
  const uploadStart = performance.now()
  const body = archive instanceof Uint8Array ? archive : archive.open()
  const reply = await send('PUT', link, {
    body,
    contentType: 'application/octet-stream',
    ...(!(archive instanceof Uint8Array) && { contentLength: archive.size }),
    ...(hooks.onBodySent !== undefined && { onBodySent: hooks.onBodySent }),
  })
  if (reply.status < 200 || reply.status > 299)
    throw new Error(`upload version ${version}: got ${reply.status}: ${reply.text.slice(0, 500)}`)
  await untilSettled(server, `${modulePath}/version?module_version=${encodeURIComponent(version)}`, version)
  const uploadMs = performance.now() - uploadStart
  return { createMs, uploadMs, totalMs: createMs + uploadMs }
}
