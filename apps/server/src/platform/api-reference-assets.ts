import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { ApiReferenceAssets } from '@cairn/http'

/** Scalar's standalone bundle, as installed: the reference page loads it from Cairn, never a CDN. */
const SCRIPT_FILE = join(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), 'browser', 'standalone.js')

/** The server's version (its package's), documented as the API's, and the reference page's script, read once. */
export function apiReferenceAssets(): ApiReferenceAssets {
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
  let script: Promise<Uint8Array<ArrayBuffer>> | undefined
  return { version, script: () => (script ??= readFile(SCRIPT_FILE).then((bytes) => new Uint8Array(bytes))) }
}
