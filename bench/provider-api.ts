import { createReadStream } from 'node:fs'
import { ORGANIZATION } from './cairn-api.ts'
import { expectJson, send, type SendOptions } from './http-client.ts'
import type { CairnProcess } from './processes.ts'
import type { Release, ReleaseFile } from './provider-releases.ts'

interface Resource {
  readonly data: { readonly id: string; readonly attributes: Record<string, unknown>; readonly links?: Record<string, string> }
}

const PROVIDERS = `/api/v2/organizations/${ORGANIZATION}/registry-providers`

/** A private provider of the benchmark's organization, whose namespace is the organization. */
export async function createProvider(server: CairnProcess, type: string): Promise<void> {
  const attributes = { name: type, namespace: ORGANIZATION, 'registry-name': 'private' }
  const reply = await send('POST', `${server.url}${PROVIDERS}`, {
    token: server.token,
    json: { data: { type: 'registry-providers', attributes } },
  })
  expectJson(reply, 201, `create provider ${type}`)
}

/** Registers the organization's GPG key; returns its key id, as a version's `key-id` names it. */
export async function createGpgKey(server: CairnProcess, armoredPublicKey: string): Promise<string> {
  const reply = await send('POST', `${server.url}/api/registry/private/v2/gpg-keys`, {
    token: server.token,
    json: { data: { type: 'gpg-keys', attributes: { namespace: ORGANIZATION, 'ascii-armor': armoredPublicKey } } },
  })
  return String(expectJson<Resource>(reply, 201, 'create the GPG key').data.attributes['key-id'])
}

/** Calls made before a platform's package is PUT, and once its body is all sent. */
export interface UploadHooks {
  readonly beforeUpload?: () => void | Promise<void>
  readonly onBodySent?: () => void
}

/**
 * Publishes a release as go-tfe's callers (and `cairn providers publish`) do: the version, its
 * SHA256SUMS and signature to their upload links, then each platform and its package to the
 * platform's `provider-binary-upload` link (no Authorization header on the links). Resolves once
 * the last upload is answered: the version is then installable. `hooks` wrap each package's PUT.
 */
export async function publishRelease(server: CairnProcess, release: Release, keyId: string, hooks: UploadHooks = {}): Promise<void> {
  const versions = `${PROVIDERS}/private/${ORGANIZATION}/${release.type}/versions`
  const created = expectJson<Resource>(
    await send('POST', `${server.url}${versions}`, {
      token: server.token,
      json: { data: { type: 'registry-provider-versions', attributes: { version: release.version, 'key-id': keyId, protocols: ['5.0'] } } },
    }),
    201,
    `create ${release.type} ${release.version}`,
  )
  await upload(linkOf(created, 'shasums-upload'), { body: release.shasums }, `SHA256SUMS of ${release.type} ${release.version}`)
  await upload(linkOf(created, 'shasums-sig-upload'), { body: release.signature }, `SHA256SUMS.sig of ${release.type} ${release.version}`)
  for (const file of release.files) {
    const platform = expectJson<Resource>(
      await send('POST', `${server.url}${versions}/${release.version}/platforms`, {
        token: server.token,
        json: {
          data: {
            type: 'registry-provider-version-platforms',
            attributes: { os: file.os, arch: file.arch, shasum: file.sha256, filename: file.filename },
          },
        },
      }),
      201,
      `create ${file.filename}`,
    )
    await hooks.beforeUpload?.()
    await upload(
      linkOf(platform, 'provider-binary-upload'),
      { ...bodyOf(file), ...(hooks.onBodySent !== undefined && { onBodySent: hooks.onBodySent }) },
      file.filename,
    )
  }
}

function bodyOf(file: ReleaseFile): SendOptions {
  const { content } = file
  return content instanceof Uint8Array
    ? { body: content }
    : { body: createReadStream(content.path, { highWaterMark: 64 * 1024 }), contentLength: content.size }
}

function linkOf(resource: Resource, name: string): string {
  const link = resource.data.links?.[name]
  if (link === undefined) throw new Error(`${resource.data.id} came without links.${name}`)
  return link
}

async function upload(link: string, options: SendOptions, what: string): Promise<void> {
  const reply = await send('PUT', link, { contentType: 'application/octet-stream', ...options })
  if (reply.status !== 200) throw new Error(`upload ${what}: got ${reply.status}: ${reply.text.slice(0, 500)}`)
}
