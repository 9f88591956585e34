import { CairnError, type SecretCipher } from '@cairn/core'
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { ConfigError } from '../config-error.ts'

const KEY_BYTES = 32
const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * AES-256-GCM with a fresh 96-bit nonce per secret and the context as additional data. Sealed
 * form: `<nonce>.<tag>.<ciphertext>`, each base64url.
 */
export class AesGcmSecretCipher implements SecretCipher {
  readonly #key: Buffer

  /** `key`: 32 bytes, base64 or base64url (`openssl rand -base64 32`). */
  constructor(key: string) {
    const bytes = Buffer.from(key, 'base64')
    if (bytes.length !== KEY_BYTES) {
      throw new ConfigError(
        `CAIRN_VCS_ENCRYPTION_KEY must be ${KEY_BYTES} bytes in base64 (openssl rand -base64 32); it decodes to ${bytes.length}`,
      )
    }
    this.#key = bytes
  }

  seal(secret: string, context: string): string {
    const iv = randomBytes(IV_BYTES)
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv).setAAD(Buffer.from(context))
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
    return [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.')
  }

  open(sealed: string, context: string): string {
    const [iv, tag, ciphertext, ...rest] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'))
    if (iv?.length !== IV_BYTES || tag?.length !== TAG_BYTES || ciphertext === undefined || rest.length > 0) throw unreadable()
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, iv, { authTagLength: TAG_BYTES })
        .setAAD(Buffer.from(context))
        .setAuthTag(tag)
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8')
    } catch (error) {
      throw unreadable(error)
    }
  }
}

/** Never says more: the message reaches logs, and the secret must not. */
function unreadable(cause?: unknown): CairnError {
  return new CairnError(
    'unavailable',
    'a stored credential cannot be decrypted: it was sealed with another CAIRN_VCS_ENCRYPTION_KEY, or for another record or host',
    [],
    { cause },
  )
}
