import { execFile, spawnSync } from 'node:child_process'
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** A key gpg made: its fingerprint and its long key id, as `gpg --with-colons` lists them. */
export interface GpgMadeKey {
  readonly fingerprint: string
  /** The last 16 hex digits of the fingerprint, upper case: gpg's long key id. */
  readonly keyId: string
}

/**
 * A keyring of its own in a temporary GNUPGHOME, never the user's, where gpg makes real keys and
 * signatures: the adapter is tested against what the CLIs' users actually produce, not against
 * what openpgp.js makes of itself. Keys are unprotected, so signing needs no pinentry.
 */
export interface GpgKeyring {
  /** A new primary key that signs (`algorithm` as `gpg --quick-gen-key` names it: rsa3072, dsa2048, ed25519). */
  generate(algorithm: string): Promise<GpgMadeKey>
  /** A signing subkey added to `primary`. */
  addSigningSubkey(primary: GpgMadeKey, algorithm: string): Promise<GpgMadeKey>
  /** `gpg --armor --export`: the public key with its subkeys. */
  armoredPublicKey(key: GpgMadeKey): Promise<string>
  /** `gpg --armor --export-secret-keys`: what a user may paste by mistake. */
  armoredPrivateKey(key: GpgMadeKey): Promise<string>
  /** A detached signature of `data` made by exactly `key` (a primary key or a subkey); binary unless `armor`. */
  sign(key: GpgMadeKey, data: Uint8Array, options?: { armor?: boolean }): Promise<Uint8Array>
  dispose(): Promise<void>
}

/** Why gpg cannot be used here, or undefined when it can. */
export function whyNoGpg(): string | undefined {
  return spawnSync('gpg', ['--version'], { stdio: 'ignore' }).status === 0 ? undefined : 'gpg is not installed'
}

export async function gpgKeyring(): Promise<GpgKeyring> {
  const home = await mkdtemp(join(tmpdir(), 'cairn-openpgp-'))
  await chmod(home, 0o700)
  const gpg = async (args: readonly string[]) =>
    (
      await run('gpg', ['--batch', '--no-tty', '--pinentry-mode', 'loopback', '--passphrase', '', ...args], {
        env: { ...process.env, GNUPGHOME: home },
        encoding: 'buffer',
        maxBuffer: 1 << 20,
      })
    ).stdout
  const listedKeys = async (): Promise<GpgMadeKey[]> => {
    const listing = (await gpg(['--with-colons', '--list-secret-keys'])).toString()
    return [...listing.matchAll(/^fpr:(?:[^:]*:){8}([0-9A-F]{40}):/gm)].map(([, fingerprint = '']) => ({
      fingerprint,
      keyId: fingerprint.slice(-16),
    }))
  }
  const newKey = async (make: () => Promise<unknown>): Promise<GpgMadeKey> => {
    const before = new Set((await listedKeys()).map((key) => key.fingerprint))
    await make()
    const made = (await listedKeys()).find((key) => !before.has(key.fingerprint))
    if (made === undefined) throw new Error('gpg made no key')
    return made
  }
  let count = 0
  return {
    generate: (algorithm) =>
      newKey(() => gpg(['--quick-gen-key', `Cairn test key ${++count} <key${count}@cairn.test>`, algorithm, 'sign', 'never'])),
    addSigningSubkey: (primary, algorithm) => newKey(() => gpg(['--quick-add-key', primary.fingerprint, algorithm, 'sign', 'never'])),
    armoredPublicKey: async (key) => (await gpg(['--armor', '--export', key.fingerprint])).toString(),
    armoredPrivateKey: async (key) => (await gpg(['--armor', '--export-secret-keys', key.fingerprint])).toString(),
    sign: async (key, data, options = {}) => {
      const file = join(home, `data-${++count}`)
      await writeFile(file, data)
      // The trailing "!" makes gpg sign with that very (sub)key rather than the key's preferred signing subkey.
      const armor = options.armor === true ? ['--armor'] : []
      return new Uint8Array(await gpg(['--local-user', `${key.fingerprint}!`, ...armor, '--detach-sign', '--output', '-', file]))
    },
    dispose: async () => {
      await run('gpgconf', ['--kill', 'gpg-agent'], { env: { ...process.env, GNUPGHOME: home } }).catch(() => undefined)
      await rm(home, { recursive: true, force: true })
    },
  }
}
