import type { DistPlatform, DistRelease } from './dist-release.ts'
import { platformPath, providerPath, providersPath, versionPath, type ProviderCoordinates } from './provider-paths.ts'
import { PublishError } from './publish-error.ts'
import { signingKeyId, type SigningKeyChoice } from './signing-key.ts'
import type { Resource, TfeApi } from './tfe-api.ts'

interface VersionAttributes {
  readonly 'key-id': string
  readonly 'shasums-uploaded': boolean
  readonly 'shasums-sig-uploaded': boolean
}

interface PlatformAttributes {
  readonly 'provider-binary-uploaded': boolean
}

export interface PublishOptions {
  readonly organization: string
  readonly namespace: string
  readonly key: SigningKeyChoice
  readonly protocols: readonly string[]
}

/**
 * Publishes `release` in the order the TFE API wants: provider → GPG key → version → SHA256SUMS
 * and its signature → each platform and its zip. Whatever already exists is kept, so a re-run
 * finishes a half-published version (saying what it lacked) and leaves a complete one alone.
 */
export async function publishRelease(
  api: TfeApi,
  release: DistRelease,
  options: PublishOptions,
  log: (line: string) => void,
): Promise<void> {
  const at: ProviderCoordinates = { organization: options.organization, namespace: options.namespace, type: release.type }
  const name = `${options.namespace}/${release.type} ${release.version}`
  await ensureProvider(api, at, log)
  const keyId = await signingKeyId(api, options.namespace, options.key, log)
  const existing = await api.read<Resource<VersionAttributes>>(versionPath(at, release.version), `reading version ${release.version}`)
  const version = existing ?? (await createVersion(api, at, { version: release.version, keyId, protocols: options.protocols }))
  const platforms = await Promise.all(
    release.platforms.map(async (platform) => ({ platform, record: await readPlatform(api, at, release, platform) })),
  )
  const missing = [
    ...(version.data.attributes['shasums-uploaded'] ? [] : ['SHA256SUMS']),
    ...(version.data.attributes['shasums-sig-uploaded'] ? [] : ['SHA256SUMS.sig']),
    ...platforms
      .filter(({ record }) => record?.data.attributes['provider-binary-uploaded'] !== true)
      .map(({ platform }) => platform.filename),
  ]
  if (missing.length === 0) return log(`${name} is already published, with all ${platforms.length} platform(s): nothing to do`)
  if (existing === undefined) log(`created version ${release.version} (key ${keyId}, protocols ${options.protocols.join(', ') || 'none'})`)
  else log(`version ${release.version} exists but is not complete; still missing: ${missing.join(', ')}`)
  if (existing !== undefined && existing.data.attributes['key-id'] !== keyId) {
    log(`note: version ${release.version} names key ${existing.data.attributes['key-id']}, not ${keyId}`)
  }
  if (!version.data.attributes['shasums-uploaded']) {
    await api.upload(uploadLink(version, 'shasums-upload'), release.shasums.content, 'uploading SHA256SUMS')
    log(`uploaded ${release.shasums.path}`)
  }
  if (!version.data.attributes['shasums-sig-uploaded']) {
    await api.upload(uploadLink(version, 'shasums-sig-upload'), release.signaturePath, 'uploading the SHA256SUMS signature')
    log(`uploaded ${release.signaturePath}`)
  }
  for (const { platform, record } of platforms) {
    if (record?.data.attributes['provider-binary-uploaded'] === true) continue
    const created = record ?? (await createPlatform(api, at, release.version, platform))
    await api.upload(uploadLink(created, 'provider-binary-upload'), platform.path, `uploading ${platform.filename}`)
    log(`uploaded ${platform.filename} (${platform.os}_${platform.arch})`)
  }
  log(`published ${name}`)
}

async function ensureProvider(api: TfeApi, at: ProviderCoordinates, log: (line: string) => void): Promise<void> {
  if (await api.read<Resource<unknown>>(providerPath(at), `reading provider ${at.namespace}/${at.type}`)) return
  const body = { data: { type: 'registry-providers', attributes: { name: at.type, namespace: at.namespace, 'registry-name': 'private' } } }
  await api.create(providersPath(at), body, `creating provider ${at.namespace}/${at.type}`)
  log(`created provider ${at.namespace}/${at.type} in organization ${at.organization}`)
}

function createVersion(api: TfeApi, at: ProviderCoordinates, attributes: { version: string; keyId: string; protocols: readonly string[] }) {
  const body = {
    data: {
      type: 'registry-provider-versions',
      attributes: { version: attributes.version, 'key-id': attributes.keyId, protocols: attributes.protocols },
    },
  }
  return api.create<VersionAttributes>(versionPath(at), body, `creating version ${attributes.version}`)
}

function readPlatform(api: TfeApi, at: ProviderCoordinates, release: DistRelease, platform: DistPlatform) {
  return api.read<Resource<PlatformAttributes>>(
    platformPath(at, release.version, platform),
    `reading platform ${platform.os}_${platform.arch}`,
  )
}

function createPlatform(api: TfeApi, at: ProviderCoordinates, version: string, platform: DistPlatform) {
  const { os, arch, shasum, filename } = platform
  const body = { data: { type: 'registry-provider-version-platforms', attributes: { os, arch, shasum, filename } } }
  return api.create<PlatformAttributes>(platformPath(at, version), body, `creating platform ${os}_${arch}`)
}

function uploadLink(resource: Resource<unknown>, name: string): string {
  const link = resource.data.links?.[name]
  if (link === undefined) throw new PublishError(`the server gave no ${name} link for ${resource.data.id}`)
  return link
}
