import { readFileSync } from 'node:fs'

let version: string | undefined

/** The server's version (its package's), documented as the API's; read once. */
export function serverVersion(): string {
  version ??= (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version
  return version
}
