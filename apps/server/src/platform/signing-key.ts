import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The key that signs upload and download links: the configured one, or else one generated once
 * into the data directory (readable by its owner only) so that links survive a restart. Several
 * servers sharing a database must be configured with the same key.
 */
export function signingKey(configured: string | undefined, dataDir: string): string {
  if (configured !== undefined) return configured
  const path = join(dataDir, 'signing-key')
  try {
    return readFileSync(path, 'utf8').trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  mkdirSync(dataDir, { recursive: true })
  const key = randomBytes(32).toString('base64url')
  try {
    writeFileSync(path, key, { flag: 'wx', mode: 0o600 })
    return key
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(path, 'utf8').trim()
    throw error
  }
}
