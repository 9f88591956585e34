import { describe, expect, it } from 'vitest'
import { ConfigError } from '../config-error.ts'
import type { CairnOptions } from './cairn-options.ts'
import { createCairn } from './create-cairn.ts'
import { resolveOptions } from './resolved-options.ts'

/** What a JavaScript caller, whom no compiler checked, may pass. */
const unchecked = (options: unknown) => options as CairnOptions

/** The lines of the ConfigError `options` raise. */
function problems(options: unknown): string[] {
  try {
    resolveOptions(unchecked(options))
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return String((error as Error).message)
      .split('\n')
      .slice(1)
      .map((line) => line.trim())
  }
  throw new Error('the options were accepted')
}

describe('createCairn options from plain JavaScript', () => {
  it('no options at all, or null, is a ConfigError, not a TypeError', async () => {
    const createUnchecked = createCairn as (options?: unknown) => ReturnType<typeof createCairn>
    await expect(createUnchecked()).rejects.toBeInstanceOf(ConfigError)
    await expect(createUnchecked(null)).rejects.toThrow(/options must be an object with at least a store/)
    expect(problems({})).toEqual([expect.stringMatching(/^store is required: \{ kind: "memory" \}, \{ kind: "embedded", dataDir \}/)])
  })

  it('an embedded store without its data directory is named, before anything is opened', async () => {
    await expect(createCairn(unchecked({ store: { kind: 'embedded' } }))).rejects.toBeInstanceOf(ConfigError)
    expect(problems({ store: { kind: 'embedded' } })).toEqual(['store.dataDir is required'])
    expect(problems({ store: { kind: 'embedded', dataDir: 42 } })).toEqual(['store.dataDir must be a string (got number)'])
  })

  it('names every option of the wrong type at once, nested ones with their path', () => {
    const lines = problems({
      store: 'memory',
      basePath: 5,
      edition: 'enterprise',
      immutableVersions: 'yes',
      limits: { maxEntries: '10' },
      upstreamRegistry: { timeoutMs: -1 },
      blobs: { kind: 's3' },
      vcs: { allowedHosts: 'git.corp', githubApp: { appId: 7 } },
      log: console.log,
    })
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^store must be \{ kind: "memory" \}/),
        'basePath must be a string (got number)',
        'edition must be one of "self-hosted", "hosted"',
        'immutableVersions must be a boolean (got string)',
        'limits.maxEntries must be a number (got string)',
        'upstreamRegistry.timeoutMs must be a positive whole number',
        'blobs.bucket is required',
        'vcs.allowedHosts must be an array (got string)',
        'vcs.githubApp.appId must be a string (got number)',
        'vcs.githubApp.privateKey is required',
        'log must be an object with an error(message, details) method',
      ]),
    )
    expect(lines).toHaveLength(11)
  })

  it('refuses unknown options, suggesting the known one they resemble', () => {
    expect(problems({ store: { kind: 'memory' }, basepath: '/registry' })).toEqual(['unknown option basepath; did you mean basePath?'])
    expect(
      problems({
        store: { kind: 'embedded', datadir: '/tmp/x', dataDir: '/tmp/x' },
        limits: { maxEntrys: 1 },
        vcs: { pollInterval: 60 },
        colour: 'blue',
      }),
    ).toEqual([
      'unknown option store.datadir; did you mean store.dataDir?',
      'unknown option limits.maxEntrys; did you mean limits.maxEntries?',
      'unknown option vcs.pollInterval',
      'unknown option colour',
    ])
  })

  it('judges values and combinations together with the types', () => {
    const lines = problems({
      store: { kind: 'postgres', url: 'mysql://db' },
      baseUrl: 'ftp://x',
      webUi: true,
      basePath: '/registry',
      port: 1,
    })
    expect(lines).toEqual([
      'store.url must be a postgres:// or postgresql:// URL',
      'baseUrl must be an absolute http or https URL',
      'unknown option port',
      'blobs is required with a postgres store (filesystem or s3)',
      'signingKey is required with a postgres store: every instance sharing the database must sign links alike',
      'webUi cannot be served under a basePath',
    ])
  })

  it('never quotes a secret it refuses', () => {
    const lines = problems({
      store: { kind: 'memory' },
      signingKey: 'short-secret',
      vcs: { githubApp: { appId: '1', privateKey: 'not-a-pem-secret' } },
    })
    expect(lines.join('\n')).not.toMatch(/short-secret|not-a-pem-secret/)
    expect(lines).toEqual([
      'signingKey must be at least 32 characters',
      'vcs.githubApp.privateKey must be a PEM private key (the .pem file GitHub generates)',
    ])
  })
})
