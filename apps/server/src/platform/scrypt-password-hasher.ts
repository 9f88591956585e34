import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import type { PasswordHasher } from '@cairn/core'

// log2 of N: 2^15 × r 8 takes 32 MiB and about 0.1 s per hash, as recommended for interactive logins.
const LOG_COST = 15
const PARAMETERS = { N: 2 ** LOG_COST, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } satisfies ScryptOptions
const KEY_BYTES = 32

const PHC = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([\w-]+)\$([\w-]+)$/

function derive(password: string, salt: Buffer, parameters: ScryptOptions = PARAMETERS): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, parameters, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

/**
 * Passwords hashed with scrypt and a random salt, in the PHC string format
 * (`$scrypt$ln=15,r=8,p=1$<salt>$<hash>`, base64) so that the parameters can be raised later.
 */
export class ScryptPasswordHasher implements PasswordHasher {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16)
    const key = await derive(password, salt)
    const { r, p } = PARAMETERS
    return `$scrypt$ln=${LOG_COST},r=${r},p=${p}$${salt.toString('base64url')}$${key.toString('base64url')}`
  }

  async verify(password: string, hash: string): Promise<boolean> {
    const match = PHC.exec(hash)
    // An unreadable hash still costs one derivation, so that timing does not tell it apart.
    const [, ln = String(LOG_COST), r = '8', p = '1', salt = '', expected = ''] = match ?? []
    const parameters = { N: 2 ** Number(ln), r: Number(r), p: Number(p), maxmem: PARAMETERS.maxmem }
    const key = await derive(password, Buffer.from(salt, 'base64url'), Number(ln) > 20 ? PARAMETERS : parameters)
    const stored = Buffer.from(expected, 'base64url')
    return match !== null && stored.length === key.length && timingSafeEqual(stored, key)
  }
}
