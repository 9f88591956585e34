import type { CairnOptions } from '../embed/cairn-options.ts'
import { signingKey } from '../platform/signing-key.ts'
import type { Config } from './config.ts'

/**
 * What the environment says (`Config`) as the options of an embedded Cairn: the one place the
 * first configuration shape becomes the second, so that the server is one host among others. Its
 * signing key lives in the data directory even with PostgreSQL, as it always has.
 */
export function standaloneOptions(config: Config): CairnOptions {
  return {
    store:
      config.databaseUrl !== undefined
        ? { kind: 'postgres', url: config.databaseUrl, schema: config.databaseSchema }
        : { kind: 'embedded', dataDir: config.dataDir },
    blobs: config.blobs,
    edition: config.edition,
    ...(config.baseUrl !== undefined && { baseUrl: config.baseUrl }),
    ...(config.uploadUrl !== undefined && { uploadUrl: config.uploadUrl }),
    signingKey: signingKey(config.signingKey, config.dataDir),
    immutableVersions: config.immutableVersions,
    moduleDownloads: config.moduleDownloads,
    limits: config.archiveLimits,
    upstreamRegistry: config.upstreamRegistry,
    providerMirror: config.providerMirror,
    logLevel: config.logLevel,
    webUi: config.webUi,
    ...(config.metricsToken !== undefined && { metricsToken: config.metricsToken }),
    iactTimeLimitMinutes: config.clients.iactTimeLimitMinutes,
    cacheMaxBytes: config.cacheMaxBytes,
    vcs: {
      cacheDir: config.vcs.cacheDir,
      pollIntervalSeconds: config.vcs.pollIntervalSeconds,
      allowedHosts: config.vcs.allowedHosts,
      ...(config.vcsEncryptionKey !== undefined && { encryptionKey: config.vcsEncryptionKey }),
      ...(config.vcs.githubApp !== undefined && { githubApp: config.vcs.githubApp }),
    },
  }
}

/** Every file the server and the CLI create (database, archives, signing key) is its owner's alone. */
export function restrictFileModes(): void {
  process.umask(0o077)
}
