import { fakeGpgKey, inMemoryDeps } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import { OPERATOR } from '../auth/principal.ts'
import type { ByteStream } from '../ports/module-analyzer.ts'
import { createUseCases } from '../use-cases.ts'

const KEY = fakeGpgKey('13DFECCA3B58CE4A')
const ZIP = new TextEncoder().encode('zip bytes')

async function* bytes(content: Uint8Array | string): ByteStream {
  yield typeof content === 'string' ? new TextEncoder().encode(content) : content
}

describe('the files of an organization’s providers', () => {
  let deps: ReturnType<typeof inMemoryDeps>
  let cases: ReturnType<typeof createUseCases>
  const version = { organizationName: 'acme', namespace: 'acme', name: 'internal', version: '1.0.0' }

  beforeEach(async () => {
    deps = inMemoryDeps()
    cases = createUseCases(deps)
    const owner = await cases.createUser.execute({ username: 'owner', email: 'owner@example.com' }, OPERATOR)
    const { bearer } = await cases.userTokens.create.execute({ user: { id: owner.id } }, OPERATOR)
    await cases.organizations.create({ name: 'acme', email: 'a@acme.test' }, await cases.authenticateToken.execute(bearer))
    await cases.registryProviders.create({ organizationName: 'acme', name: 'internal', registryName: 'private' }, OPERATOR)
    await cases.gpgKeys.create({ namespace: 'acme', asciiArmor: KEY.asciiArmor }, OPERATOR)
  })

  /** A complete version: SHA256SUMS, its signature and one platform's zip, all uploaded. */
  async function publish(): Promise<string[]> {
    const zipSha = await sha256Of(ZIP)
    const sums = `${zipSha}  terraform-provider-internal_1.0.0_linux_amd64.zip\n`
    const created = await cases.providerVersions.create({ ...version, keyId: KEY.keyId, protocols: ['5.0'] }, OPERATOR)
    await cases.providerUploads.upload({ objectId: created.uploads.shasums ?? '', content: bytes(sums) })
    await cases.providerUploads.upload({
      objectId: created.uploads.shasumsSig ?? '',
      content: bytes(KEY.sign(new TextEncoder().encode(sums))),
    })
    const platform = await cases.providerPlatforms.create(
      { ...version, os: 'linux', arch: 'amd64', shasum: zipSha, filename: 'terraform-provider-internal_1.0.0_linux_amd64.zip' },
      OPERATOR,
    )
    await cases.providerUploads.upload({ objectId: platform.upload ?? '', content: bytes(ZIP) })
    return stored()
  }

  async function stored(): Promise<string[]> {
    const keys: string[] = []
    for await (const key of deps.blobs.list('providers/')) keys.push(key)
    return keys.sort()
  }

  it('are deleted with the organization', async () => {
    expect(await publish()).toHaveLength(3)
    await cases.organizations.remove({ name: 'acme' }, OPERATOR)
    expect(await stored()).toEqual([])
  })

  it('are kept by the orphan sweep while their records exist, and removed once they are gone', async () => {
    const keys = await publish()
    await deps.blobs.put('providers/provver-gone/SHA256SUMS', bytes('orphan'))
    await deps.blobs.put(`providers/provver-gone/provpltfrm-gone.zip`, bytes('orphan'))
    expect((await cases.sweepOrphanBlobs.execute()).sort()).toEqual([
      'providers/provver-gone/SHA256SUMS',
      'providers/provver-gone/provpltfrm-gone.zip',
    ])
    expect(await stored()).toEqual(keys)
  })
})

async function sha256Of(data: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(data))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}
