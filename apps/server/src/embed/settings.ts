import { EDITIONS, type Edition } from '@cairn/core'
import type { ErrorLog } from '@cairn/http'
import { PUBLIC_TERRAFORM_REGISTRY } from '@cairn/upstream-registry'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { ConfigError, type ArchiveLimitsConfig, type UpstreamRegistryConfig } from '../config.ts'
import { consoleErrorLog } from '../platform/console-error-log.ts'
import { signingKey } from '../platform/signing-key.ts'
import type { CairnBlobOptions, CairnOptions, CairnStoreOptions } from './cairn-options.ts'

const MiB = 1024 * 1024

/** The options with every default applied and every value checked: what the wiring reads. */
export interface Settings {
  readonly store: CairnStoreOptions
  readonly blobs: CairnBlobOptions
  readonly edition: Edition
  /** `''` at the root, else `/segment…` without a trailing slash. */
  readonly basePath: string
  readonly baseUrl: URL | undefined
  readonly uploadUrl: URL | undefined
  readonly signingKey: string
  readonly immutableVersions: boolean
  readonly archiveLimits: ArchiveLimitsConfig
  readonly upstreamRegistry: UpstreamRegistryConfig
  readonly log: ErrorLog
}

/** Checks the options, naming every problem at once in a `ConfigError`. */
export function settingsFrom(options: CairnOptions): Settings {
  const problems: string[] = []
  const store = checkStore(options.store, problems)
  const blobs = options.blobs ?? defaultBlobs(store, problems)
  const edition = options.edition ?? 'self-hosted'
  if (!EDITIONS.includes(edition)) problems.push(`edition must be one of ${EDITIONS.join(', ')}`)
  const basePath = options.basePath ?? ''
  if (basePath !== '' && !/^(\/[\w.~-]+)+$/.test(basePath)) {
    problems.push(`basePath must be empty or like "/registry", with no trailing slash (got "${basePath}")`)
  }
  if (options.signingKey !== undefined && options.signingKey.length < 32) problems.push('signingKey must be at least 32 characters')
  if (options.signingKey === undefined && (store?.kind === 'postgres' || store?.kind === 'mikro-orm')) {
    problems.push(`signingKey is required with a ${store.kind} store: every instance sharing the database must sign links alike`)
  }
  const limit = (name: keyof ArchiveLimitsConfig, fallback: number) => positive(`limits.${name}`, options.limits?.[name] ?? fallback, problems)
  const upstream = options.upstreamRegistry
  const settings = {
    store,
    blobs,
    edition,
    basePath,
    baseUrl: httpUrl('baseUrl', options.baseUrl, problems),
    uploadUrl: httpUrl('uploadUrl', options.uploadUrl, problems),
    immutableVersions: options.immutableVersions ?? false,
    archiveLimits: {
      maxArchiveBytes: limit('maxArchiveBytes', 256 * MiB),
      maxTotalBytes: limit('maxTotalBytes', 1024 * MiB),
      maxEntries: limit('maxEntries', 10_000),
      maxEntryBytes: limit('maxEntryBytes', 16 * MiB),
    },
    upstreamRegistry: {
      url: httpUrl('upstreamRegistry.url', upstream?.url, problems) ?? new URL(PUBLIC_TERRAFORM_REGISTRY),
      timeoutMs: positive('upstreamRegistry.timeoutMs', upstream?.timeoutMs ?? 10_000, problems),
      cacheTtlMs: positive('upstreamRegistry.cacheTtlMs', upstream?.cacheTtlMs ?? 300_000, problems),
    },
    log: options.log ?? consoleErrorLog,
  }
  if (store === undefined || problems.length > 0) throw new ConfigError(`invalid Cairn options:\n  ${problems.join('\n  ')}`)
  return { ...settings, store, signingKey: options.signingKey ?? generatedSigningKey(store) }
}

function checkStore(store: CairnStoreOptions | undefined, problems: string[]): CairnStoreOptions | undefined {
  switch (store?.kind) {
    case 'memory':
      return store
    case 'embedded':
      if (typeof store.dataDir !== 'string' || store.dataDir === '') problems.push('store.dataDir must be a directory path')
      return store
    case 'postgres':
      if (!/^postgres(ql)?:\/\//.test(store.url)) problems.push('store.url must be a postgres:// or postgresql:// URL')
      return store
    case 'mikro-orm':
      if (typeof store.orm !== 'object' || store.orm === null) problems.push('store.orm must be a MikroORM instance')
      return store
    default:
      problems.push('store must be { kind: "memory" }, { kind: "embedded", dataDir }, { kind: "postgres", url } or { kind: "mikro-orm", orm }')
      return undefined
  }
}

function defaultBlobs(store: CairnStoreOptions | undefined, problems: string[]): CairnBlobOptions {
  if (store?.kind === 'embedded') return { kind: 'filesystem', root: join(store.dataDir, 'blobs') }
  if (store?.kind === 'postgres' || store?.kind === 'mikro-orm') problems.push(`blobs is required with a ${store.kind} store (filesystem or s3)`)
  return { kind: 'memory' }
}

/** An embedded store keeps its key beside the data, so links survive a restart; a memory store's die with it. */
function generatedSigningKey(store: CairnStoreOptions): string {
  return store.kind === 'embedded' ? signingKey(undefined, store.dataDir) : randomBytes(32).toString('base64url')
}

function positive(name: string, value: number, problems: string[]): number {
  if (!Number.isSafeInteger(value) || value < 1) problems.push(`${name} must be a positive whole number (got ${value})`)
  return value
}

function httpUrl(name: string, value: string | URL | undefined, problems: string[]): URL | undefined {
  if (value === undefined) return undefined
  const url = URL.parse(String(value))
  if (url === null || !/^https?:$/.test(url.protocol)) {
    problems.push(`${name} must be an absolute http or https URL (got "${String(value)}")`)
    return undefined
  }
  return url
}
