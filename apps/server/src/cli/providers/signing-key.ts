import { readFile } from 'node:fs/promises'
import { gpgKeyPath } from './provider-paths.ts'
import { PublishError } from './publish-error.ts'
import type { Collection, Resource, TfeApi } from './tfe-api.ts'

interface GpgKeyAttributes {
  readonly 'key-id': string
  readonly 'ascii-armor': string
}

/** How the publisher is told which key signed SHA256SUMS: its id, its armored public key file, or both. */
export interface SigningKeyChoice {
  readonly keyId?: string
  readonly publicKeyFile?: string
}

/**
 * The id of the namespace's GPG key that signed the release, uploading the public key when the
 * namespace lacks it. With only an id the key must already be there; with a file, a key whose
 * armor is the file's is reused, as re-runs find it.
 */
export async function signingKeyId(api: TfeApi, namespace: string, choice: SigningKeyChoice, log: (line: string) => void): Promise<string> {
  const { keyId, publicKeyFile } = choice
  if (keyId !== undefined && (await api.read<Resource<GpgKeyAttributes>>(gpgKeyPath({ namespace, keyId }), `reading GPG key ${keyId}`)))
    return keyId
  if (publicKeyFile === undefined) {
    if (keyId === undefined) throw new PublishError('name the signing key: --key-id ID, or --public-key FILE (ASCII-armored)')
    throw new PublishError(
      `namespace ${namespace} has no GPG key ${keyId}: pass --public-key FILE (the ASCII-armored public key) to upload it`,
    )
  }
  const armor = await readFile(publicKeyFile, 'utf8').catch((error: unknown) => {
    throw new PublishError(`cannot read the public key ${publicKeyFile}: ${(error as Error).message}`)
  })
  if (keyId === undefined) {
    const known = await existingKeyId(api, namespace, armor)
    if (known !== undefined) return known
  }
  const body = { data: { type: 'gpg-keys', attributes: { namespace, 'ascii-armor': armor } } }
  const created = await api.create<GpgKeyAttributes>(gpgKeyPath(), body, `uploading the GPG key ${publicKeyFile}`)
  const uploaded = created.data.attributes['key-id']
  if (keyId !== undefined && uploaded !== keyId.toUpperCase()) {
    throw new PublishError(`${publicKeyFile} is key ${uploaded}, not ${keyId} (it was uploaded to ${namespace} all the same)`)
  }
  log(`uploaded GPG key ${uploaded} to namespace ${namespace}`)
  return uploaded
}

async function existingKeyId(api: TfeApi, namespace: string, armor: string): Promise<string | undefined> {
  const path = `${gpgKeyPath()}?filter%5Bnamespace%5D=${encodeURIComponent(namespace)}&page%5Bsize%5D=100`
  const listed = await api.read<Collection<GpgKeyAttributes>>(path, `listing the GPG keys of ${namespace}`)
  const same = listed?.data.find(({ attributes }) => attributes['ascii-armor'].trim() === armor.trim())
  return same?.attributes['key-id']
}
