import { GitRepository, startGitHttpServer, type GitHttpServer } from '@cairn/test-fixtures'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from './cli/serve.ts'
import { userToken } from './test-support/cli.ts'
import { SERVER_STORES } from './test-support/server-stores.ts'
import { greetingModuleArchive, greetingModuleFiles } from './test-support/greeting-module.ts'
import { latestStatusOf } from './test-support/registry-client.ts'
import { HttpsModuleApi } from './test-support/https-module-api.ts'
import { installedModules, tofuInit } from './test-support/tofu-init-workspace.ts'
import { httpsRequest } from './test-support/https-client.ts'
import { buildTofuOnce, canUnshareMounts, TOFU_VERSION, whyNoTofu } from './test-support/opentofu.ts'
import { makeThrowawayCa, type ThrowawayCa } from './test-support/throwaway-ca.ts'
import { testConfig } from './test-support/test-config.ts'

/** A dotted name, as the CLI insists on for registry hosts, that only the test's own hosts file knows. */
const HOST = 'registry.cairn.test'
const skipped = whyNoTofu()
const unshare = canUnshareMounts()
if (skipped !== undefined) console.warn(`\n!!! SKIPPING the OpenTofu CLI tests: ${skipped}\n`)
if (skipped === undefined && !unshare) {
  console.warn(
    `\n!!! ${HOST} cannot be given its own hosts file here (unshare -m refused): the CLI reaches Cairn through a host block, and discovery is not tested\n`,
  )
}

const GIT_CREDENTIAL = { username: 'x-access-token', password: 'cairn-tofu-test-credential' }

describe.skipIf(skipped !== undefined).each(SERVER_STORES)(
  `tofu init (OpenTofu ${TOFU_VERSION}) against Cairn over HTTPS, on %s`,
  (_store, openStore) => {
    let binary: string
    let ca: ThrowawayCa
    let caPem: Buffer
    let server: RunningServer
    let git: GitHttpServer
    let token: string
    let scratch: string
    let registry: string
    let modules: HttpsModuleApi
    let dropStore: () => Promise<void> = async () => undefined
    /** Each version's upload link and the archive sent there. */
    const uploads = new Map<string, { link: string; archive: Buffer }>()

    beforeAll(async () => {
      binary = await buildTofuOnce()
      ca = await makeThrowawayCa([HOST, 'localhost'])
      caPem = await readFile(ca.caFile)
      scratch = await mkdtemp(join(tmpdir(), 'cairn-tofu-'))
      git = await startGitHttpServer(join(scratch, 'git'), GIT_CREDENTIAL)
      const store = await openStore()
      dropStore = store.drop
      const env = {
        ...store.env,
        CAIRN_DATA_DIR: join(scratch, 'data'),
        PORT: '0',
        CAIRN_TLS_CERT: ca.certFile,
        CAIRN_TLS_KEY: ca.keyFile,
        CAIRN_VCS_POLL_INTERVAL_SECONDS: '0',
        CAIRN_VCS_ALLOWED_HOSTS: '127.0.0.1',
      }
      token = await userToken(env, 'owner', true)
      server = await startServer(testConfig(env))
      registry = `${HOST}:${new URL(server.url).port}`
      modules = new HttpsModuleApi(server.url, caPem, token, 'acme')
      await api('POST', '/api/v2/organizations', { data: { type: 'organizations', attributes: { name: 'acme', email: 'a@acme.test' } } })
      await api('POST', '/api/v2/organizations/acme/registry-modules', {
        data: { type: 'registry-modules', attributes: { name: 'greeting', provider: 'generic' } },
      })
      for (const version of ['1.0.0', '1.1.0', '2.0.0']) await publish(version, await greetingModuleArchive(version))
      // Newer than 1.1.0 and inside "~> 1.0", but its archive is refused: it must never be chosen.
      await publish('1.2.0', await greetingModuleArchive('1.2.0', [{ path: 'broken.tf', body: 'resource "x" {' }]))
    }, 20 * 60_000)

    afterAll(async () => {
      await server?.stop()
      await git?.close()
      await ca?.dispose()
      await dropStore()
      if (scratch !== undefined) await rm(scratch, { recursive: true, force: true })
    })

    const api = (method: string, path: string, body?: unknown) => modules.call(method, path, body)
    const init = (configuration: string, cliToken = token) =>
      tofuInit({ binary, scratch, host: HOST, serverUrl: server.url, caFile: ca.caFile, unshare }, configuration, cliToken)

    async function publish(version: string, archive: Buffer): Promise<void> {
      const body = { data: { type: 'registry-module-versions', attributes: { version } } }
      const created = (await api('POST', '/api/v2/organizations/acme/registry-modules/private/acme/greeting/generic/versions', body)) as {
        data: { links: { upload: string } }
      }
      // The upload host answers once the archive is stored; its analysis then settles the version
      // (ok, or refused with the reason), which `tofu init` must not run ahead of.
      uploads.set(version, { link: created.data.links.upload, archive })
      const stored = await httpsRequest(created.data.links.upload, { ca: caPem, method: 'PUT', body: archive })
      if (stored.status !== 200) throw new Error(`upload ${version}: ${stored.status} ${stored.body.toString()}`)
      await modules.settled('greeting', version)
    }

    /** `tofu init` of acme's `name`/generic module at `version`; answers its main.tf as installed. */
    async function installedMainTf(name: string, version: string): Promise<string> {
      const result = await init(`module "${name}" {\n  source  = "${registry}/acme/${name}/generic"\n  version = "${version}"\n}\n`)
      expect(result.output).toContain('OpenTofu has been successfully initialized')
      const module = (await installedModules(result.dir)).get(name)
      expect(module?.version).toBe(version)
      return readFile(join(module?.dir ?? '', 'main.tf'), 'utf8')
    }

    it('installs the newest ok version matching the constraint, and a submodule by //path', async () => {
      const result = await init(
        `module "greeting" {\n  source  = "${HOST}:${new URL(server.url).port}/acme/greeting/generic"\n  version = "~> 1.0"\n}\n\n` +
          `module "shout" {\n  source  = "${HOST}:${new URL(server.url).port}/acme/greeting/generic//modules/shout"\n  version = "1.0.0"\n}\n`,
      )
      expect(result.output).toContain('OpenTofu has been successfully initialized')
      expect(result.code).toBe(0)
      const installed = await installedModules(result.dir)
      expect(installed.get('greeting')?.version).toBe('1.1.0')
      expect(await readFile(join(installed.get('greeting')?.dir ?? '', 'main.tf'), 'utf8')).toContain('from 1.1.0')
      expect(installed.get('shout')?.version).toBe('1.0.0')
      expect(await readFile(join(installed.get('shout')?.dir ?? '', 'main.tf'), 'utf8')).toContain('HELLO from 1.0.0')
    }, 120_000)

    it('fails with the CLI’s own message when no version matches the constraint', async () => {
      const result = await init(`module "greeting" {\n  source  = "${registry}/acme/greeting/generic"\n  version = "~> 3.0"\n}\n`)
      expect(result.code).not.toBe(0)
      expect(result.output).toMatch(/Unresolvable module version constraint/)
      expect(result.output).toMatch(/newest available version is 2\.0\.0/)
    }, 120_000)

    it('is refused with a wrong token', async () => {
      const result = await init(
        `module "greeting" {\n  source  = "${registry}/acme/greeting/generic"\n  version = "1.0.0"\n}\n`,
        'at-wrong.cairn.secret',
      )
      expect(result.code).not.toBe(0)
      expect(result.output).toMatch(/401/)
      expect(result.output).not.toContain('successfully initialized')
    }, 120_000)

    it.skipIf(!unshare)(
      'finds the registry through /.well-known/terraform.json',
      async () => {
        const answer = await httpsRequest(`${server.url}/.well-known/terraform.json`, { ca: caPem })
        expect(answer.headers['content-type']).toMatch(/^application\/json/)
        expect(JSON.parse(answer.body.toString())).toMatchObject({ 'modules.v1': '/api/registry/v1/modules/' })
        // Every init above resolved modules.v1 through discovery: no host block was written.
        const result = await init(`module "greeting" {\n  source  = "${registry}/acme/greeting/generic"\n  version = "2.0.0"\n}\n`)
        expect(result.code).toBe(0)
        expect((await installedModules(result.dir)).get('greeting')?.version).toBe('2.0.0')
      },
      120_000,
    )

    it('a bad archive sent to the link of 1.1.0 once it is ok leaves 1.1.0 served: listed, downloaded byte for byte, installed; the version shows why the attempt failed', async () => {
      const first = uploads.get('1.1.0')
      const refused = await httpsRequest(first?.link ?? '', { ca: caPem, method: 'PUT', body: '# a README, not an archive\n' })
      expect(refused.status).toBe(200)
      const version = await modules.settled('greeting', '1.1.0')
      expect(version.data.attributes).toMatchObject({
        status: 'ok',
        error: null,
        attempt: { status: 'reg_ingress_failed', error: expect.stringContaining('gzip'), 'started-by': 'upload link issued to user owner' },
      })
      expect(await modules.listed('greeting')).toEqual(['1.0.0', '1.1.0', '2.0.0'])
      expect((await modules.downloaded('greeting', '1.1.0')).equals(first?.archive ?? Buffer.alloc(0))).toBe(true)
      expect(await installedMainTf('greeting', '1.1.0')).toContain('from 1.1.0')
    }, 120_000)

    it('a tag force-pushed to a commit whose tree is refused leaves its version served: listed, downloaded byte for byte, installed; the version shows why', async () => {
      const repository = GitRepository.create(join(scratch, 'git'), 'acme/terraform-generic-words')
      const served = repository.commit(greetingModuleFiles('git 1.0.0'))
      repository.tag('v1.0.0')
      const client = (await api('POST', '/api/v2/organizations/acme/oauth-clients', {
        data: {
          type: 'oauth-clients',
          attributes: { 'service-provider': 'github', 'http-url': git.url, 'oauth-token-string': GIT_CREDENTIAL.password },
        },
      })) as { data: { relationships: { 'oauth-tokens': { data: { id: string }[] } } } }
      const tokenId = client.data.relationships['oauth-tokens'].data[0]?.id ?? ''
      await api('POST', '/api/v2/organizations/acme/registry-modules/vcs', {
        data: {
          type: 'registry-modules',
          attributes: {
            'vcs-repo': {
              identifier: 'acme/terraform-generic-words',
              'oauth-token-id': tokenId,
              'display-identifier': 'acme/terraform-generic-words',
            },
          },
        },
      })
      expect((await modules.settled('words', '1.0.0')).data.attributes).toMatchObject({ status: 'ok', 'commit-sha': served })
      const before = await modules.downloaded('words', '1.0.0')

      const moved = repository.commit({ ...greetingModuleFiles('git 1.0.0, moved'), 'main.tf': 'this is { not hcl' })
      repository.moveTag('v1.0.0')
      await api('POST', '/api/v2/organizations/acme/registry-modules/private/acme/words/generic/actions/resync')
      // Settled once the attempt at the moved tag's commit has come to an end.
      const failed = await modules.settled('words', '1.0.0', (document) =>
        document.data.attributes.attempt === null ? 'pending' : latestStatusOf(document),
      )
      expect(failed.data.attributes).toMatchObject({
        status: 'ok',
        error: null,
        'commit-sha': served,
        attempt: {
          status: 'reg_ingress_failed',
          error: expect.stringContaining('main.tf'),
          'commit-sha': moved,
          'started-by': 'the module repository',
        },
      })
      expect(await modules.listed('words')).toEqual(['1.0.0'])
      expect((await modules.downloaded('words', '1.0.0')).equals(before)).toBe(true)
      expect(await installedMainTf('words', '1.0.0')).toContain('from git 1.0.0"')
    }, 120_000)
  },
)
