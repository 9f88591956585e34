import { createHash } from 'node:crypto'
import { isCairnError, type ByteStream, type Principal, type UseCases } from '@cairn/core'
import { fakeGpgKey } from '@cairn/testing'

/** The key every fixture version is signed by, in the form the in-memory OpenPGP fake reads. */
export const SIGNING_KEY = fakeGpgKey('0123456789ABCDEF')

export interface PlatformFixture {
  readonly os: string
  readonly arch: string
  /** The zip's name; `terraform-provider-<name>_<version>_<os>_<arch>.zip` when absent. */
  readonly filename?: string
  /** Whether its zip is sent; true when absent. */
  readonly zip?: boolean
}

export interface ProviderFixture {
  readonly organization?: string
  readonly name: string
  readonly version: string
  /** The key id the version names; the signing key's when absent. */
  readonly keyId?: string
  readonly platforms?: readonly PlatformFixture[]
  /** Which of SHA256SUMS and its signature are sent, in that order; both when absent. */
  readonly files?: 'none' | 'shasums' | 'both'
}

type ProviderUseCases = Pick<UseCases, 'registryProviders' | 'gpgKeys' | 'providerVersions' | 'providerPlatforms' | 'providerUploads'>

/**
 * Publishes a version of a private provider as `cairn providers publish` does, through the use
 * cases: provider and key (when missing), version, platforms, SHA256SUMS, its signature, then the
 * zips; the fixture leaves out what it names, for versions that are not installable.
 */
export async function publishProvider(useCases: ProviderUseCases, principal: Principal, fixture: ProviderFixture): Promise<void> {
  const organizationName = fixture.organization ?? 'acme'
  const { name, version } = fixture
  await ignoreInvalid(useCases.registryProviders.create({ organizationName, name, registryName: 'private' }, principal))
  await ignoreInvalid(useCases.gpgKeys.create({ namespace: organizationName, asciiArmor: SIGNING_KEY.asciiArmor }, principal))
  const target = { organizationName, namespace: organizationName, name, version }
  const created = await useCases.providerVersions.create(
    { ...target, keyId: fixture.keyId ?? SIGNING_KEY.keyId, protocols: ['5.0', '6.0'] },
    principal,
  )
  const zips = []
  for (const platform of fixture.platforms ?? [{ os: 'linux', arch: 'amd64' }]) {
    const filename = platform.filename ?? `terraform-provider-${name}_${version}_${platform.os}_${platform.arch}.zip`
    const zip = new TextEncoder().encode(`zip of ${filename}`)
    const view = await useCases.providerPlatforms.create({ ...target, ...platform, filename, shasum: sha256(zip) }, principal)
    if (platform.zip !== false) zips.push({ objectId: view.upload, zip })
  }
  const files = fixture.files ?? 'both'
  if (files !== 'none') {
    const listed = await useCases.providerPlatforms.list({ ...target, page: { number: 1, size: 100 } }, principal)
    const shasums = new TextEncoder().encode(listed.items.map(({ platform }) => `${platform.shasum}  ${platform.filename}\n`).join(''))
    await send(useCases, created.uploads.shasums, shasums)
    if (files === 'both') await send(useCases, created.uploads.shasumsSig, SIGNING_KEY.sign(shasums))
  }
  for (const { objectId, zip } of zips) await send(useCases, objectId, zip)
}

function send(useCases: ProviderUseCases, objectId: string | null, bytes: Uint8Array) {
  return useCases.providerUploads.upload({ objectId: objectId ?? '', content: streamOf(bytes) })
}

async function* streamOf(bytes: Uint8Array): ByteStream {
  yield bytes
}

/** A second version of a provider finds it (and its key) there already. */
async function ignoreInvalid(created: Promise<unknown>): Promise<void> {
  await created.catch((error: unknown) => {
    if (!isCairnError(error, 'invalid')) throw error
  })
}

function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex')
}
