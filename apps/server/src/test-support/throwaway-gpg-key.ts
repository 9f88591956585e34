import { execFile, spawnSync } from 'node:child_process'
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** An OpenPGP signing key made for one test run, in a keyring of its own. */
export interface ThrowawayGpgKey {
  /** The public key, ASCII-armored, as a registry's `ascii-armor` and `signing_keys` carry it. */
  readonly armoredPublicKey: string
  /** The key's id: the last 16 hex digits of its fingerprint, upper case, as TFE's `key-id`. */
  readonly keyId: string
  /** A binary detached signature of `file`, the only kind both CLIs accept. */
  sign(file: string): Promise<Buffer>
  /** An ASCII-armored detached signature of `file`, for the cases that must refuse one. */
  armoredSignature(file: string): Promise<Buffer>
  dispose(): Promise<void>
}

/** Why gpg cannot be used here, or undefined when it can. */
export function whyNoGpg(): string | undefined {
  return spawnSync('gpg', ['--version'], { stdio: 'ignore' }).status === 0
    ? undefined
    : 'gpg is not installed, so no provider release can be signed'
}

/**
 * A new unprotected key in a temporary GNUPGHOME, never the user's keyring. RSA, which
 * TFE's GPG key API and the CLIs' OpenPGP library (ProtonMail go-crypto) all accept; 3072 bits,
 * gpg's default, is made in about a second. A primary key that signs, with no subkey, so the
 * signature's issuer is the key id a registry lists.
 */
export async function throwawayGpgKey(): Promise<ThrowawayGpgKey> {
  const home = await mkdtemp(join(tmpdir(), 'cairn-gpg-'))
  await chmod(home, 0o700)
  const gpg = (args: readonly string[]) =>
    run('gpg', ['--batch', '--no-tty', ...args], { env: { ...process.env, GNUPGHOME: home }, encoding: 'buffer', maxBuffer: 1 << 20 })
  await gpg([
    '--pinentry-mode',
    'loopback',
    '--passphrase',
    '',
    '--quick-gen-key',
    'Cairn throw-away signing key <signing@cairn.test>',
    'rsa3072',
    'sign',
    'never',
  ])
  const listing = (await gpg(['--with-colons', '--list-secret-keys'])).stdout.toString()
  const fingerprint = /^fpr:(?:[^:]*:){8}([0-9A-F]{40}):/m.exec(listing)?.[1]
  if (fingerprint === undefined) throw new Error(`gpg made no key:\n${listing}`)
  const armoredPublicKey = (await gpg(['--armor', '--export', fingerprint])).stdout.toString()
  const detachSign = async (file: string, armor: readonly string[]) =>
    (await gpg(['--local-user', fingerprint, ...armor, '--detach-sign', '--output', '-', file])).stdout
  return {
    armoredPublicKey,
    keyId: fingerprint.slice(-16),
    sign: (file) => detachSign(file, []),
    armoredSignature: (file) => detachSign(file, ['--armor']),
    dispose: () => removeKeyring(home),
  }
}

/** Whether `signature` is a valid signature of `file` by `armoredPublicKey`, as `gpg --verify` judges it. */
export async function gpgVerifies(armoredPublicKey: string, signature: Buffer, file: string): Promise<boolean> {
  const home = await mkdtemp(join(tmpdir(), 'cairn-gpg-verify-'))
  const env = { ...process.env, GNUPGHOME: home }
  try {
    await chmod(home, 0o700)
    await writeFile(join(home, 'key.asc'), armoredPublicKey)
    await writeFile(join(home, 'file.sig'), signature)
    await run('gpg', ['--batch', '--no-tty', '--import', join(home, 'key.asc')], { env })
    const verify = ['--batch', '--no-tty', '--trust-model', 'always', '--verify', join(home, 'file.sig'), file]
    return await run('gpg', verify, { env }).then(
      () => true,
      () => false,
    )
  } finally {
    await removeKeyring(home)
  }
}

/** Stops the gpg-agent that signing started in `home` (none may have), then deletes the keyring. */
async function removeKeyring(home: string): Promise<void> {
  await run('gpgconf', ['--kill', 'gpg-agent'], { env: { ...process.env, GNUPGHOME: home } }).catch(() => undefined)
  await rm(home, { recursive: true, force: true })
}
