import { describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { loadConfig } from './config.ts'

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 8080,
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      databaseSchema: 'public',
      baseUrl: undefined,
      uploadUrl: undefined,
      edition: 'self-hosted',
      immutableVersions: false,
      webUi: true,
      signingKey: undefined,
      blobs: { kind: 'filesystem', root: resolve('./data/blobs') },
      metricsToken: undefined,
      logLevel: 'info',
    })
    expect(config.archiveLimits).toEqual({
      maxArchiveBytes: 256 * 1024 * 1024,
      maxTotalBytes: 1024 * 1024 * 1024,
      maxEntries: 10_000,
      maxEntryBytes: 16 * 1024 * 1024,
    })
    expect(config.upstreamRegistry).toEqual({ url: new URL('https://registry.terraform.io'), timeoutMs: 10_000, cacheTtlMs: 300_000 })
  })

  it('reads the schema of Cairn’s tables, refusing a name that is no bare lower-case identifier', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://127.0.0.1/app', CAIRN_DATABASE_SCHEMA: 'cairn' }).databaseSchema).toBe('cairn')
    expect(() => loadConfig({ CAIRN_DATABASE_SCHEMA: 'Cairn; drop' })).toThrow(/CAIRN_DATABASE_SCHEMA must be lower-case letters/)
  })

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      CAIRN_DATA_DIR: '/var/lib/cairn',
      DATABASE_URL: 'postgres://127.0.0.1/cairn',
      CAIRN_BASE_URL: 'https://registry.example.com',
      CAIRN_UPLOAD_URL: 'https://uploads.example.com/archivist',
      CAIRN_EDITION: 'hosted',
      CAIRN_IMMUTABLE_VERSIONS: 'true',
      CAIRN_WEB_UI: 'false',
      CAIRN_SIGNING_KEY: 's'.repeat(40),
      CAIRN_ARCHIVE_MAX_ENTRIES: '50',
      CAIRN_S3_BUCKET: 'modules',
      CAIRN_S3_PREFIX: 'cairn',
      CAIRN_S3_ENDPOINT: 'http://127.0.0.1:9000',
      CAIRN_S3_FORCE_PATH_STYLE: 'true',
      CAIRN_S3_ACCESS_KEY_ID: 'id',
      CAIRN_S3_SECRET_ACCESS_KEY: 'secret',
      CAIRN_UPSTREAM_REGISTRY_URL: 'https://registry.opentofu.org',
      CAIRN_UPSTREAM_TIMEOUT_MS: '2500',
      CAIRN_UPSTREAM_CACHE_TTL_SECONDS: '60',
      CAIRN_METRICS_TOKEN: 'scrape-0123456789abcdef',
      CAIRN_LOG_LEVEL: 'warn',
    })
    expect(config).toMatchObject({ metricsToken: 'scrape-0123456789abcdef', logLevel: 'warn' })
    expect(config.upstreamRegistry).toEqual({ url: new URL('https://registry.opentofu.org'), timeoutMs: 2500, cacheTtlMs: 60_000 })
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/var/lib/cairn',
      edition: 'hosted',
      immutableVersions: true,
      webUi: false,
      signingKey: 's'.repeat(40),
    })
    expect(config.baseUrl?.href).toBe('https://registry.example.com/')
    expect(config.uploadUrl?.href).toBe('https://uploads.example.com/archivist')
    expect(config.archiveLimits.maxEntries).toBe(50)
    expect(config.blobs).toEqual({
      kind: 's3',
      bucket: 'modules',
      prefix: 'cairn/',
      endpoint: 'http://127.0.0.1:9000/',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    })
  })

  it('names every bad variable at once', () => {
    expect(() =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        CAIRN_BASE_URL: 'nope',
        CAIRN_EDITION: 'cloud',
        CAIRN_IMMUTABLE_VERSIONS: 'yes',
        CAIRN_WEB_UI: 'off',
        CAIRN_SIGNING_KEY: 'short',
        CAIRN_ARCHIVE_MAX_BYTES: '0',
        CAIRN_S3_BUCKET: 'b',
        CAIRN_S3_ACCESS_KEY_ID: 'only-half',
        CAIRN_UPSTREAM_REGISTRY_URL: 'ftp://registry',
        CAIRN_UPSTREAM_TIMEOUT_MS: '0',
        CAIRN_METRICS_TOKEN: 'short token',
        CAIRN_LOG_LEVEL: 'loud',
      }),
    ).toThrow(
      /DATABASE_URL[\s\S]*CAIRN_EDITION[\s\S]*CAIRN_SIGNING_KEY[\s\S]*CAIRN_METRICS_TOKEN[\s\S]*PORT[\s\S]*CAIRN_BASE_URL[\s\S]*CAIRN_IMMUTABLE_VERSIONS[\s\S]*CAIRN_WEB_UI[\s\S]*CAIRN_S3_ACCESS_KEY_ID[\s\S]*CAIRN_ARCHIVE_MAX_BYTES[\s\S]*CAIRN_UPSTREAM_REGISTRY_URL[\s\S]*CAIRN_UPSTREAM_TIMEOUT_MS[\s\S]*CAIRN_LOG_LEVEL/,
    )
  })

  it('reads what the caches may hold together in MiB, 64 by default, refusing anything but a positive whole number', () => {
    expect(loadConfig({}).cacheMaxBytes).toBe(64 * 1024 * 1024)
    expect(loadConfig({ CAIRN_CACHE_MAX_MIB: '16' }).cacheMaxBytes).toBe(16 * 1024 * 1024)
    for (const bad of ['0', '-1', '1.5', 'lots']) expect(() => loadConfig({ CAIRN_CACHE_MAX_MIB: bad })).toThrow(/CAIRN_CACHE_MAX_MIB/)
  })

  it('answers module downloads with the archive link by default, with the OCI source on CAIRN_MODULE_DOWNLOADS=oci', () => {
    expect(loadConfig({}).moduleDownloads).toBe('archive')
    expect(loadConfig({ CAIRN_MODULE_DOWNLOADS: 'oci' }).moduleDownloads).toBe('oci')
    expect(() => loadConfig({ CAIRN_MODULE_DOWNLOADS: 'zip' })).toThrow(/CAIRN_MODULE_DOWNLOADS/)
  })

  it('serves TLS with a certificate and a key, which go together', () => {
    const config = loadConfig({ CAIRN_TLS_CERT: 'tls/cert.pem', CAIRN_TLS_KEY: '/etc/cairn/key.pem' })
    expect(config.tls).toEqual({ certFile: resolve('tls/cert.pem'), keyFile: '/etc/cairn/key.pem' })
    expect(loadConfig({}).tls).toBeUndefined()
    expect(() => loadConfig({ CAIRN_TLS_CERT: 'cert.pem' })).toThrow('CAIRN_TLS_CERT and CAIRN_TLS_KEY go together')
  })

  it('resolves relative paths against the directory the user started from (INIT_CWD), not the package directory', () => {
    const config = loadConfig({ INIT_CWD: '/home/me/registry', CAIRN_TLS_CERT: 'tls/cert.pem', CAIRN_TLS_KEY: 'tls/key.pem' })
    expect(config.dataDir).toBe('/home/me/registry/data')
    expect(config.blobs).toEqual({ kind: 'filesystem', root: '/home/me/registry/data/blobs' })
    expect(config.tls).toEqual({ certFile: '/home/me/registry/tls/cert.pem', keyFile: '/home/me/registry/tls/key.pem' })
    expect(loadConfig({ INIT_CWD: '/home/me', CAIRN_DATA_DIR: 'cairn', CAIRN_BLOB_DIR: '/srv/blobs' })).toMatchObject({
      dataDir: '/home/me/cairn',
      blobs: { kind: 'filesystem', root: '/srv/blobs' },
    })
  })
  it('reads the GitHub App: id, key inline (\\n for line breaks) or from a file, API and web addresses defaulted to GitHub.com', () => {
    const inline = loadConfig({
      CAIRN_GITHUB_APP_ID: '123',
      CAIRN_GITHUB_APP_PRIVATE_KEY: '-----BEGIN RSA PRIVATE KEY-----\\nabc\\n-----END RSA PRIVATE KEY-----',
    })
    expect(inline.vcs.githubApp).toEqual({
      appId: '123',
      privateKey: '-----BEGIN RSA PRIVATE KEY-----\nabc\n-----END RSA PRIVATE KEY-----',
      apiUrl: 'https://api.github.com',
      webUrl: 'https://github.com',
    })
    const file = join(mkdtempSync(join(tmpdir(), 'cairn-config-')), 'app.pem')
    writeFileSync(file, 'PEM TEXT')
    const enterprise = loadConfig({
      CAIRN_GITHUB_APP_ID: '7',
      CAIRN_GITHUB_APP_PRIVATE_KEY_FILE: file,
      CAIRN_GITHUB_APP_API_URL: 'https://ghe.example.com/api/v3/',
      CAIRN_GITHUB_APP_URL: 'https://ghe.example.com',
    })
    expect(enterprise.vcs.githubApp).toEqual({
      appId: '7',
      privateKey: 'PEM TEXT',
      apiUrl: 'https://ghe.example.com/api/v3/',
      webUrl: 'https://ghe.example.com/',
    })
    expect(loadConfig({}).vcs.githubApp).toBeUndefined()
  })

  it('names a GitHub App that is half configured, without showing the key', () => {
    expect(() => loadConfig({ CAIRN_GITHUB_APP_ID: '123' })).toThrow(
      'exactly one of CAIRN_GITHUB_APP_PRIVATE_KEY and CAIRN_GITHUB_APP_PRIVATE_KEY_FILE',
    )
    expect(() => loadConfig({ CAIRN_GITHUB_APP_PRIVATE_KEY: 'secret-pem' })).toThrow('needs CAIRN_GITHUB_APP_ID')
    expect(() => loadConfig({ CAIRN_GITHUB_APP_ID: 'my-app', CAIRN_GITHUB_APP_PRIVATE_KEY_FILE: '/nonexistent/app.pem' })).toThrow(
      /numeric App ID[\s\S]*cannot be read: ENOENT/,
    )
    expect(() => loadConfig({ CAIRN_GITHUB_APP_PRIVATE_KEY: 'secret-pem' })).not.toThrow('secret-pem')
  })

  it('reads the internal git hosts that may be reached: none by default; host names, host:port and CIDR ranges', () => {
    expect(loadConfig({}).vcs.allowedHosts).toEqual([])
    expect(loadConfig({ CAIRN_VCS_ALLOWED_HOSTS: 'git.corp, git.corp:8443,10.0.0.0/8, 127.0.0.1 ,[::1]:3000,' }).vcs.allowedHosts).toEqual([
      'git.corp',
      'git.corp:8443',
      '10.0.0.0/8',
      '127.0.0.1',
      '[::1]:3000',
    ])
    expect(() => loadConfig({ CAIRN_VCS_ALLOWED_HOSTS: 'git.corp,https://git.corp,*.corp' })).toThrow(
      /CAIRN_VCS_ALLOWED_HOSTS: "https:\/\/git.corp"[\s\S]*CAIRN_VCS_ALLOWED_HOSTS: "\*.corp"/,
    )
  })

  it('reads the trusted proxies and who may use the IACT for how long: none, loopback only, 60 minutes by default', () => {
    expect(loadConfig({}).clients).toEqual({ trustedProxies: [], iactSubnets: [], iactTimeLimitMinutes: 60 })
    const config = loadConfig({
      CAIRN_TRUSTED_PROXIES: '127.0.0.1, ::1',
      CAIRN_IACT_SUBNET_LIST: '10.0.0.0/8,2001:db8::/32',
      CAIRN_IACT_TIME_LIMIT_MINUTES: '15',
    })
    expect(config.clients).toEqual({
      trustedProxies: ['127.0.0.1', '::1'],
      iactSubnets: ['10.0.0.0/8', '2001:db8::/32'],
      iactTimeLimitMinutes: 15,
    })
    expect(() =>
      loadConfig({ CAIRN_TRUSTED_PROXIES: 'proxy.internal', CAIRN_IACT_SUBNET_LIST: '10.0.0.0/33', CAIRN_IACT_TIME_LIMIT_MINUTES: '0' }),
    ).toThrow(/CAIRN_TRUSTED_PROXIES[\s\S]*CAIRN_IACT_SUBNET_LIST[\s\S]*CAIRN_IACT_TIME_LIMIT_MINUTES/)
  })
})
