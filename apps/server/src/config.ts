import { EDITIONS, type Edition } from '@cairn/core'
import { resolve } from 'node:path'

export interface Config {
  readonly port: number
  /** Where the embedded database (and later, blobs) live. */
  readonly dataDir: string
  /** PostgreSQL instead of the embedded PGlite, when set. */
  readonly databaseUrl: string | undefined
  readonly baseUrl: URL | undefined
  readonly edition: Edition
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError'
}

/** Reads and checks the configuration, naming every bad variable at once. */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): Config {
  const problems: string[] = []
  const port = readPort(env['PORT'], problems)
  const databaseUrl = blankToUndefined(env['DATABASE_URL'])
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL')
  }
  const baseUrl = readBaseUrl(env['CAIRN_BASE_URL'], problems)
  const edition = (blankToUndefined(env['CAIRN_EDITION']) ?? 'self-hosted') as Edition
  if (!EDITIONS.includes(edition)) problems.push(`CAIRN_EDITION must be one of ${EDITIONS.join(', ')}`)
  if (problems.length > 0) throw new ConfigError(`invalid configuration:\n  ${problems.join('\n  ')}`)
  return {
    port,
    dataDir: resolve(blankToUndefined(env['CAIRN_DATA_DIR']) ?? './data'),
    databaseUrl,
    baseUrl,
    edition,
  }
}

function readPort(raw: string | undefined, problems: string[]): number {
  const value = blankToUndefined(raw)
  if (value === undefined) return 8080
  const port = /^\d+$/.test(value) ? Number(value) : Number.NaN
  if (!(port >= 0 && port <= 65535)) problems.push(`PORT must be a whole number from 0 to 65535 (got "${value}")`)
  return port
}

function readBaseUrl(raw: string | undefined, problems: string[]): URL | undefined {
  const value = blankToUndefined(raw)
  if (value === undefined) return undefined
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    problems.push(`CAIRN_BASE_URL must be an absolute http or https URL (got "${value}")`)
    return undefined
  }
  return new URL(value)
}

function blankToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim()
}
