import { GitRepository } from '@cairn/test-fixtures'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { greetingModuleFiles } from './test-support/greeting-module.ts'
import { GIT_CREDENTIAL, startGreetingRegistry, type GreetingRegistry } from './test-support/greeting-registry.ts'
import { httpsRequest } from './test-support/https-client.ts'
import { MODULE_CLIS, type ModuleCli } from './test-support/module-clis.ts'
import { canUnshareMounts } from './test-support/opentofu.ts'
import { latestStatusOf } from './test-support/registry-client.ts'
import { SERVER_STORES } from './test-support/server-stores.ts'
import { installedModules, tofuInit } from './test-support/tofu-init-workspace.ts'

/** A dotted name, as the CLIs insist on for registry hosts, that only the test's own hosts file knows. */
const HOST = 'registry.cairn.test'
const unshare = canUnshareMounts()
for (const { cli, skipped } of MODULE_CLIS)
  if (skipped !== undefined) console.warn(`\n!!! SKIPPING the ${cli} module install tests: ${skipped}\n`)
/** The CLI the tests of what the server serves, whichever CLI asks, install with. */
const FIRST: ModuleCli | undefined = MODULE_CLIS.find(({ skipped }) => skipped === undefined)
if (FIRST !== undefined && !unshare) {
  console.warn(
    `\n!!! ${HOST} cannot be given its own hosts file here (unshare -m refused): the CLIs reach Cairn through a host block, and discovery is not tested\n`,
  )
}

describe.skipIf(FIRST === undefined).each(SERVER_STORES)(
  'module installs by the real CLIs from Cairn over HTTPS, on %s',
  (_store, openStore) => {
    let registry: GreetingRegistry
    let address: string

    beforeAll(async () => {
      registry = await startGreetingRegistry(HOST, openStore)
      address = `${HOST}:${new URL(registry.server.url).port}`
    }, 20 * 60_000)
    afterAll(() => registry?.dispose())

    const api = (method: string, path: string, body?: unknown) => registry.modules.call(method, path, body)
    /** `init` of `configuration` with the owner's token, another token, or (given `{}`) no credentials at all. */
    const init = (binary: string, configuration: string, credentials: { token?: string } = { token: registry.token }) =>
      tofuInit(
        { binary, scratch: registry.scratch, host: HOST, serverUrl: registry.server.url, caFile: registry.ca.caFile, unshare },
        configuration,
        credentials.token,
      )
    /** Output with its line wrapping undone: the CLIs wrap diagnostics at 78 columns. */
    const said = (output: string) => output.replace(/\s+/g, ' ')
    const block = (name: string, version: string, path = '') =>
      `module "${name}" {\n  source  = "${address}/acme/greeting/generic${path}"\n  version = "${version}"\n}\n`

    describe.each(MODULE_CLIS)('$cli', ({ skipped, binary: findBinary, product }) => {
      let binary: string
      beforeAll(async () => {
        if (skipped === undefined) binary = await findBinary()
      }, 20 * 60_000)
      const initialized = `${product} has been successfully initialized`

      it.skipIf(skipped !== undefined)(
        'installs the newest ok version inside "~> 1.0" (never the refused 1.2.0), an exact version, and a submodule by //path',
        async () => {
          const result = await init(
            binary,
            block('greeting', '~> 1.0') + block('pinned', '1.0.0') + block('shout', '= 2.0.0', '//modules/shout'),
          )
          expect(result.output).toContain(initialized)
          expect(result.code).toBe(0)
          // Each module's signed archive link is fetched with HEAD, then GET, with no token: by tofu as
          // `OpenTofu/<version>`, by terraform as `Go-http-client/1.1` with `Connection: close`.
          const installed = await installedModules(result.dir)
          expect([...installed].map(([name, { version }]) => [name, version]).sort()).toEqual([
            ['greeting', '1.1.0'],
            ['pinned', '1.0.0'],
            ['shout', '2.0.0'],
          ])
          const mainTf = (name: string) => readFile(join(installed.get(name)?.dir ?? '', 'main.tf'), 'utf8')
          expect(await mainTf('greeting')).toContain('from 1.1.0')
          expect(await mainTf('pinned')).toContain('from 1.0.0')
          expect(await mainTf('shout')).toContain('HELLO from 2.0.0')
        },
        120_000,
      )

      it.skipIf(skipped !== undefined)(
        'fails with the CLI’s own message when no version matches the constraint',
        async () => {
          const result = await init(binary, block('greeting', '~> 3.0'))
          expect(result.code).not.toBe(0)
          // Word for word the same in terraform 1.11 and tofu (OpenTofu kept Terraform's diagnostics).
          expect(said(result.output)).toContain(
            `Error: Unresolvable module version constraint on main.tf line 1: 1: module "greeting" { There is no available version of module "${address}/acme/greeting/generic" (main.tf:1) which matches the given version constraint. The newest available version is 2.0.0.`,
          )
        },
        120_000,
      )

      // Without a credentials block the CLIs send no Authorization at all (terraform would also read
      // TF_TOKEN_<host>, which `tofu()` never passes on); both say 401 in the same words.
      it.skipIf(skipped !== undefined).each([
        ['a wrong token', { token: 'at-wrong.cairn.secret' }],
        ['no token', {}],
      ])(
        'is refused with %s, in the CLI’s words',
        async (_case, credentials) => {
          const result = await init(binary, block('greeting', '1.0.0'), credentials)
          expect(result.code).not.toBe(0)
          expect(said(result.output)).toContain(
            `Failed to retrieve available versions for module "greeting" (main.tf:1) from ${address}: error looking up module versions: 401 Unauthorized.`,
          )
          expect(result.output).not.toContain('successfully initialized')
        },
        120_000,
      )

      it.skipIf(skipped !== undefined || !unshare)(
        'finds the registry through /.well-known/terraform.json',
        async () => {
          const answer = await httpsRequest(`${registry.server.url}/.well-known/terraform.json`, { ca: registry.caPem })
          expect(answer.headers['content-type']).toMatch(/^application\/json/)
          expect(JSON.parse(answer.body.toString())).toMatchObject({ 'modules.v1': '/api/registry/v1/modules/' })
          // Every init above resolved modules.v1 through discovery: no host block was written. Both CLIs
          // send their token with it; terraform as `HashiCorp Terraform/1.11.4 (+https://www.terraform.io)`
          // there and `Terraform/1.11.4` to modules.v1, tofu as `OpenTofu/<version>` to both.
          const result = await init(binary, block('greeting', '2.0.0'))
          expect(result.code).toBe(0)
          expect((await installedModules(result.dir)).get('greeting')?.version).toBe('2.0.0')
        },
        120_000,
      )
    })

    /** `init` of acme's `name`/generic module at `version` by the first CLI this machine has; answers its main.tf as installed. */
    async function installedMainTf(name: string, version: string): Promise<string> {
      if (FIRST === undefined) throw new Error('no module CLI here: the suite should have been skipped')
      const source = `module "${name}" {\n  source  = "${address}/acme/${name}/generic"\n  version = "${version}"\n}\n`
      const result = await init(await FIRST.binary(), source)
      expect(result.output).toContain(`${FIRST.product} has been successfully initialized`)
      const module = (await installedModules(result.dir)).get(name)
      expect(module?.version).toBe(version)
      return readFile(join(module?.dir ?? '', 'main.tf'), 'utf8')
    }

    it('a bad archive sent to the link of 1.1.0 once it is ok leaves 1.1.0 served: listed, downloaded byte for byte, installed; the version shows why the attempt failed', async () => {
      const first = registry.uploads.get('1.1.0')
      const refused = await httpsRequest(first?.link ?? '', { ca: registry.caPem, method: 'PUT', body: '# a README, not an archive\n' })
      expect(refused.status).toBe(200)
      const version = await registry.modules.settled('greeting', '1.1.0')
      expect(version.data.attributes).toMatchObject({
        status: 'ok',
        error: null,
        attempt: { status: 'reg_ingress_failed', error: expect.stringContaining('gzip'), 'started-by': 'upload link issued to user owner' },
      })
      expect(await registry.modules.listed('greeting')).toEqual(['1.0.0', '1.1.0', '2.0.0'])
      expect((await registry.modules.downloaded('greeting', '1.1.0')).equals(first?.archive ?? Buffer.alloc(0))).toBe(true)
      expect(await installedMainTf('greeting', '1.1.0')).toContain('from 1.1.0')
    }, 120_000)

    it('a tag force-pushed to a commit whose tree is refused leaves its version served: listed, downloaded byte for byte, installed; the version shows why', async () => {
      const repository = GitRepository.create(join(registry.scratch, 'git'), 'acme/terraform-generic-words')
      const served = repository.commit(greetingModuleFiles('git 1.0.0'))
      repository.tag('v1.0.0')
      const client = (await api('POST', '/api/v2/organizations/acme/oauth-clients', {
        data: {
          type: 'oauth-clients',
          attributes: { 'service-provider': 'github', 'http-url': registry.git.url, 'oauth-token-string': GIT_CREDENTIAL.password },
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
      expect((await registry.modules.settled('words', '1.0.0')).data.attributes).toMatchObject({ status: 'ok', 'commit-sha': served })
      const before = await registry.modules.downloaded('words', '1.0.0')

      const moved = repository.commit({ ...greetingModuleFiles('git 1.0.0, moved'), 'main.tf': 'this is { not hcl' })
      repository.moveTag('v1.0.0')
      await api('POST', '/api/v2/organizations/acme/registry-modules/private/acme/words/generic/actions/resync')
      // Settled once the attempt at the moved tag's commit has come to an end.
      const failed = await registry.modules.settled('words', '1.0.0', (document) =>
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
      expect(await registry.modules.listed('words')).toEqual(['1.0.0'])
      expect((await registry.modules.downloaded('words', '1.0.0')).equals(before)).toBe(true)
      expect(await installedMainTf('words', '1.0.0')).toContain('from git 1.0.0"')
    }, 120_000)
  },
)
