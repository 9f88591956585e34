import { afterEach, describe, expect, it } from 'vitest'
import { ConfigError } from '../config-error.ts'
import { createCairn, type Cairn } from './create-cairn.ts'
import { signUpHostUser } from './test-support/host-user.ts'

describe('createCairn', () => {
  const opened: Cairn[] = []
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((cairn) => cairn.close()))
  })

  async function open(options: Parameters<typeof createCairn>[0]): Promise<Cairn> {
    const cairn = await createCairn(options)
    opened.push(cairn)
    return cairn
  }

  // How fast it starts is measured outside the tests (docs/embedding.md): a shared machine makes a timed test flaky.
  it('starts fully in memory, is seeded through the use cases, and serves what was seeded', async () => {
    const cairn = await open({ store: { kind: 'memory' } })
    // Only site administrators create organizations by default in the self-hosted edition.
    const { principal: owner, bearer } = await signUpHostUser(cairn, 'owner', { isSiteAdmin: true })
    await cairn.useCases.organizations.create({ name: 'acme', email: 'ops@acme.test' }, owner)
    const response = await cairn.fetch(
      new Request('http://cairn.test/api/v2/organizations/acme', { headers: { Authorization: `Bearer ${bearer}` } }),
    )
    expect(response.status).toBe(200)
    expect(((await response.json()) as { data: { id: string } }).data.id).toBe('acme')
  })

  it('two memory instances share nothing', async () => {
    const first = await open({ store: { kind: 'memory' } })
    const second = await open({ store: { kind: 'memory' } })
    await signUpHostUser(first, 'owner')
    await expect(signUpHostUser(second, 'owner')).resolves.toMatchObject({ principal: { kind: 'user' } })
  })

  it('throws a ConfigError naming every bad option, and opens nothing', async () => {
    const attempt = createCairn({
      store: { kind: 'postgres', url: 'mysql://db' },
      basePath: 'registry/',
      baseUrl: 'ftp://example.com',
      signingKey: 'short',
      limits: { maxEntries: 0 },
    })
    await expect(attempt).rejects.toBeInstanceOf(ConfigError)
    const message = await attempt.catch((error: unknown) => String(error))
    for (const name of ['store.url', 'basePath', 'baseUrl', 'signingKey', 'limits.maxEntries', 'blobs']) expect(message).toContain(name)
  })

  it('names bad logging, metrics and VCS options too', async () => {
    // What a JavaScript caller, unchecked by the compiler, may pass as a level.
    const logLevel = JSON.parse('"loud"') as 'info'
    const attempt = createCairn({
      store: { kind: 'memory' },
      logLevel,
      metricsToken: 'short token',
      vcs: {
        pollIntervalSeconds: -1,
        encryptionKey: 'c2hvcnQ=',
        githubApp: { appId: 'app', privateKey: 'not-a-pem-secret', apiUrl: 'ftp://github' },
        allowedHosts: ['git.corp', 'https://git.corp'],
      },
    })
    await expect(attempt).rejects.toBeInstanceOf(ConfigError)
    const message = await attempt.catch((error: unknown) => String(error))
    const names = [
      'logLevel',
      'metricsToken',
      'vcs.pollIntervalSeconds',
      'vcs.encryptionKey',
      'vcs.githubApp.appId',
      'vcs.githubApp.privateKey',
      'vcs.githubApp.apiUrl',
      'vcs.allowedHosts[1]',
    ]
    for (const name of names) expect(message).toContain(name)
    expect(message).not.toContain('not-a-pem-secret')
  })

  it('serves the web UI only when asked, and never under a basePath', async () => {
    const page = (cairn: Cairn) => cairn.fetch(new Request('http://cairn.test/app/sign-in'))
    expect((await page(await open({ store: { kind: 'memory' } }))).status).toBe(404)
    expect((await page(await open({ store: { kind: 'memory' }, webUi: true }))).status).toBe(200)
    await expect(createCairn({ store: { kind: 'memory' }, webUi: true, basePath: '/registry' })).rejects.toThrow(/webUi/)
  })

  it('refuses an unknown store kind with a ConfigError', async () => {
    // What a JavaScript caller, unchecked by the compiler, may pass.
    const options = JSON.parse('{"store":{"kind":"sqlite"}}') as Parameters<typeof createCairn>[0]
    await expect(createCairn(options)).rejects.toThrow(/store\.kind must be \{ kind: "memory" \}/)
  })
})
