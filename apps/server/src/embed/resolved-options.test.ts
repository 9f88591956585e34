import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError } from '../config-error.ts'
import { resolveOptions } from './resolved-options.ts'

describe('resolveOptions', () => {
  it('fills in every default of a memory store, as docs/embedding.md lists them', () => {
    const resolved = resolveOptions({ store: { kind: 'memory' } })
    expect(resolved).toMatchObject({
      store: { kind: 'memory' },
      blobs: { kind: 'memory' },
      edition: 'self-hosted',
      basePath: '',
      immutableVersions: false,
      logLevel: 'warn',
      iactTimeLimitMinutes: 60,
      webUi: false,
      limits: {
        maxArchiveBytes: 256 * 1024 * 1024,
        maxTotalBytes: 1024 * 1024 * 1024,
        maxEntries: 10_000,
        maxEntryBytes: 16 * 1024 * 1024,
      },
      upstreamRegistry: { url: new URL('https://registry.terraform.io'), timeoutMs: 10_000, cacheTtlMs: 300_000 },
      vcs: { pollIntervalSeconds: 300, allowedHosts: [] },
    })
    expect(resolved.signingKey.length).toBeGreaterThanOrEqual(32)
    expect(resolved.baseUrl).toBeUndefined()
    expect(resolved.vcs.githubApp).toBeUndefined()
  })

  it('keeps the archives, the key and the mirrors of an embedded store in its data directory', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'cairn-options-')), 'data')
    const resolved = resolveOptions({ store: { kind: 'embedded', dataDir } })
    expect(resolved.blobs).toEqual({ kind: 'filesystem', root: join(dataDir, 'blobs') })
    expect(resolved.vcs.cacheDir).toBe(join(dataDir, 'vcs-cache'))
    expect(resolveOptions({ store: { kind: 'embedded', dataDir } }).signingKey).toBe(resolved.signingKey)
  })

  it('keeps what was given, with the addresses parsed', () => {
    const log = { error: () => undefined }
    const resolved = resolveOptions({
      store: { kind: 'memory' },
      baseUrl: 'https://registry.example.com',
      limits: { maxEntries: 50 },
      log,
      metricsToken: 'scrape-0123456789abcdef',
      vcs: { encryptionKey: Buffer.alloc(32).toString('base64') },
    })
    expect(resolved.baseUrl).toEqual(new URL('https://registry.example.com/'))
    expect(resolved.limits.maxEntries).toBe(50)
    expect(resolved).toMatchObject({
      log,
      metricsToken: 'scrape-0123456789abcdef',
      vcs: { encryptionKey: Buffer.alloc(32).toString('base64') },
    })
  })

  it('names every bad option in one ConfigError', () => {
    expect(() => resolveOptions({ store: { kind: 'memory' }, basePath: '/a/', iactTimeLimitMinutes: 0 })).toThrow(ConfigError)
    expect(() => resolveOptions({ store: { kind: 'memory' }, basePath: '/a/', iactTimeLimitMinutes: 0 })).toThrow(
      /basePath[\s\S]*iactTimeLimitMinutes/,
    )
  })
})
