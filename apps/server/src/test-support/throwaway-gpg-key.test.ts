import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gpgVerifies, throwawayGpgKey, whyNoGpg, type ThrowawayGpgKey } from './throwaway-gpg-key.ts'

const skipped = whyNoGpg()
if (skipped !== undefined) console.warn(`\n!!! SKIPPING the throw-away GPG key tests: ${skipped}\n`)

describe.skipIf(skipped !== undefined)('throwawayGpgKey', () => {
  let key: ThrowawayGpgKey
  let other: ThrowawayGpgKey
  let scratch: string
  let file: string

  beforeAll(async () => {
    ;[key, other] = await Promise.all([throwawayGpgKey(), throwawayGpgKey()])
    scratch = await mkdtemp(join(tmpdir(), 'cairn-gpg-test-'))
    file = join(scratch, 'SHA256SUMS')
    await writeFile(file, `${'0'.repeat(64)}  terraform-provider-time_0.14.2_linux_amd64.zip\n`)
  }, 60_000)

  afterAll(async () => {
    await key?.dispose()
    await other?.dispose()
    if (scratch !== undefined) await rm(scratch, { recursive: true, force: true })
  })

  it('gives an armored public key and a 16-digit upper-case key id, different for each key', () => {
    expect(key.armoredPublicKey).toMatch(/^-----BEGIN PGP PUBLIC KEY BLOCK-----\n[\s\S]+-----END PGP PUBLIC KEY BLOCK-----\n$/)
    expect(key.keyId).toMatch(/^[0-9A-F]{16}$/)
    expect(other.keyId).not.toBe(key.keyId)
  })

  it('signs with a binary detached signature that its public key verifies and another key does not', async () => {
    const signature = await key.sign(file)
    // An OpenPGP signature packet (tag 2) in the old or new packet format, not armor text.
    expect([0x89, 0xc2]).toContain(signature[0])
    expect(await gpgVerifies(key.armoredPublicKey, signature, file)).toBe(true)
    expect(await gpgVerifies(other.armoredPublicKey, signature, file)).toBe(false)
  }, 30_000)

  it('makes an armored signature on request, which gpg also verifies', async () => {
    const signature = await key.armoredSignature(file)
    expect(signature.toString()).toMatch(/^-----BEGIN PGP SIGNATURE-----\n/)
    expect(await gpgVerifies(key.armoredPublicKey, signature, file)).toBe(true)
  }, 30_000)

  it('signs no file but the one it was given', async () => {
    const signature = await key.sign(file)
    await writeFile(file, `${'1'.repeat(64)}  terraform-provider-time_0.14.2_linux_amd64.zip\n`)
    expect(await gpgVerifies(key.armoredPublicKey, signature, file)).toBe(false)
  }, 30_000)
})
