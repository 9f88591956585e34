import { randomBytes } from 'node:crypto'
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { ConfigError } from '../config-error.ts'

/** Shorter keys make upload and download links forgeable. */
const MIN_KEY_BYTES = 32

/**
 * The key that signs upload and download links: the configured one, or else one generated once
 * into the data directory (readable by its owner only) so that links survive a restart. Several
 * servers sharing a database must be configured with the same key.
 */
export function signingKey(configured: string | undefined, dataDir: string): string {
  if (configured !== undefined) return configured
  const path = join(dataDir, 'signing-key')
  const existing = readKey(path)
  if (existing !== undefined) return existing
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const key = randomBytes(32).toString('base64url')
  // Written whole and synced before it appears under its name, so a crash never leaves a short key.
  const temporary = `${path}.${process.pid}.tmp`
  const fd = openSync(temporary, 'wx', 0o600)
  try {
    writeSync(fd, key)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  try {
    // A link, unlike a rename, never replaces a key another process wrote first: theirs is used.
    linkSync(temporary, path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readKey(path) ?? key
    throw error
  } finally {
    rmSync(temporary, { force: true })
  }
  syncDirectory(dataDir)
  return key
}

function readKey(path: string): string | undefined {
  let key: string
  try {
    key = readFileSync(path, 'utf8').trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  if (Buffer.byteLength(key) < MIN_KEY_BYTES) {
    throw new ConfigError(
      `the signing key in ${path} is shorter than ${MIN_KEY_BYTES} bytes (empty or truncated): ` +
        'remove the file to have a new one generated (links already issued stop working), or set CAIRN_SIGNING_KEY',
    )
  }
  return key
}

function syncDirectory(dir: string): void {
  const fd = openSync(dir, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}
