import { GitRepository, startGitHttpServer, type GitHttpServer } from '@cairn/test-fixtures'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startServer, type RunningServer } from './cli/serve.ts'
import { GO } from './cli/test-support/go-tfe-client.ts'
import { userToken } from './test-support/cli.ts'
import { HttpsModuleApi } from './test-support/https-module-api.ts'
import { buildTofuOnce, tofu, TOFU_VERSION, whyNoTofu, type TofuResult } from './test-support/opentofu.ts'
import { testConfig } from './test-support/test-config.ts'
import { writeDevOverrides, writeTfeConfiguration, type TfeVariables } from './test-support/tfe-configuration.ts'
import { buildTfeProviderOnce, TFE_PROVIDER_VERSION } from './test-support/tfe-provider.ts'
import { makeThrowawayCa, type ThrowawayCa } from './test-support/throwaway-ca.ts'

const TERRAFORM = '/usr/local/bin/terraform'
const GIT_CREDENTIAL = { username: 'x-access-token', password: 'ghp-cairn-tfe-provider-test' }
const noGo = GO === undefined ? 'the Go toolchain is needed to build the provider, and there is no go' : undefined
if (noGo !== undefined) console.warn(`\n!!! SKIPPING the tfe provider tests: ${noGo}\n`)

/** Both CLIs, each with why it cannot run here; each manages an organization of its own on the one server. */
const CLIS = [
  { cli: `OpenTofu ${TOFU_VERSION}`, skipped: whyNoTofu(), binary: buildTofuOnce, organization: 'tfe-tofu' },
  {
    cli: 'Terraform',
    skipped: existsSync(TERRAFORM) ? undefined : `${TERRAFORM} is absent`,
    binary: async () => TERRAFORM,
    organization: 'tfe-terraform',
  },
]
for (const { cli, skipped } of CLIS)
  if (noGo === undefined && skipped !== undefined) console.warn(`\n!!! SKIPPING the tfe provider tests with ${cli}: ${skipped}\n`)

describe.skipIf(noGo !== undefined)(`terraform-provider-tfe ${TFE_PROVIDER_VERSION} managing Cairn over HTTPS`, () => {
  let ca: ThrowawayCa
  let server: RunningServer
  let token: string
  let scratch: string
  let providerFolder: string
  let git: GitHttpServer

  beforeAll(async () => {
    providerFolder = await buildTfeProviderOnce(GO ?? 'go')
    ca = await makeThrowawayCa(['localhost'])
    scratch = await mkdtemp(join(tmpdir(), 'cairn-tfe-provider-'))
    git = await startGitHttpServer(join(scratch, 'git'), GIT_CREDENTIAL)
    const repository = GitRepository.create(join(scratch, 'git'), 'acme/terraform-aws-network')
    repository.commit({ 'main.tf': 'variable "cidr" {\n  type = string\n}\n' })
    repository.tag('v1.0.0')
    // The git host is on loopback, which Cairn refuses to reach unless told.
    const env = {
      CAIRN_DATA_DIR: join(scratch, 'data'),
      PORT: '0',
      CAIRN_TLS_CERT: ca.certFile,
      CAIRN_TLS_KEY: ca.keyFile,
      CAIRN_VCS_ALLOWED_HOSTS: '127.0.0.1',
      CAIRN_VCS_POLL_INTERVAL_SECONDS: '0',
    }
    token = await userToken(env, 'owner', true)
    server = await startServer(testConfig(env))
  }, 30 * 60_000)

  afterAll(async () => {
    await server?.stop()
    await git?.close()
    await ca?.dispose()
    if (scratch !== undefined) await rm(scratch, { recursive: true, force: true })
  })

  describe.each(CLIS)('$cli', ({ skipped, binary: findBinary, organization }) => {
    let binary: string
    let dir: string
    let api: HttpsModuleApi
    const variables = (): TfeVariables => ({
      hostname: new URL(server.url).host,
      token,
      organization,
      email: `ops@${organization}.test`,
      speculativePlans: true,
      manageWorkspaces: false,
      memberTokens: true,
      gitUrl: git.url,
      gitToken: GIT_CREDENTIAL.password,
    })

    beforeAll(async () => {
      if (skipped !== undefined) return
      binary = await findBinary()
      dir = join(scratch, organization)
      await mkdir(dir)
      await writeDevOverrides(join(dir, 'cli.tfrc'), providerFolder)
      api = new HttpsModuleApi(server.url, await readFile(ca.caFile), token, organization)
    }, 20 * 60_000)

    /** The CLI in the configuration's folder, with the provider built from source instead of any registry's. */
    const cli = (...args: string[]): Promise<TofuResult> =>
      tofu(binary, [...args, '-input=false', '-no-color'], { cwd: dir, cliConfigFile: join(dir, 'cli.tfrc'), caFile: ca.caFile })
    const succeeded = (result: TofuResult) => {
      expect(result.output).not.toMatch(/Error:/)
      expect(result.code).toBe(0)
      return result.output
    }
    /** `plan -detailed-exitcode` exits 0 only when there is nothing to change. */
    const expectNoChanges = async () => {
      const plan = await cli('plan', '-detailed-exitcode')
      expect(plan.output).toContain('No changes.')
      expect(plan.code).toBe(0)
    }
    const outputs = async () => {
      const read = await tofu(binary, ['output', '-json'], { cwd: dir, cliConfigFile: join(dir, 'cli.tfrc'), caFile: ca.caFile })
      return Object.fromEntries(Object.entries(JSON.parse(read.output) as Record<string, { value: unknown }>).map(([k, v]) => [k, v.value]))
    }
    /** The id of the team's token, as GET /teams/:id/authentication-token answers it (the provider refreshes it so). */
    const teamTokenId = async () => {
      const { team_id: teamId } = await outputs()
      return ((await api.call('GET', `/api/v2/teams/${String(teamId)}/authentication-token`)) as { data: { id: string } }).data.id
    }
    const organizationOf = async () =>
      ((await api.call('GET', `/api/v2/organizations/${organization}`)) as { data: { attributes: Record<string, unknown> } }).data
        .attributes

    it.skipIf(skipped !== undefined)(
      'applies an organization, a team that manages modules, its token, a module and one from VCS; the data sources read them back',
      async () => {
        await writeTfeConfiguration(dir, variables())
        expect(succeeded(await cli('apply', '-auto-approve'))).toContain('Apply complete! Resources: 6 added, 0 changed, 0 destroyed.')
        const out = await outputs()
        const stored = await organizationOf()
        expect(out['external_id']).toBe(stored['external-id'])
        expect(out['email']).toBe(`ops@${organization}.test`)
        const team = (await api.call('GET', `/api/v2/teams/${String(out['team_id'])}`)) as { data: { attributes: Record<string, unknown> } }
        expect(team.data.attributes).toMatchObject({ name: 'publishers', 'organization-access': { 'manage-modules': true } })
        // The provider names a team's one token (made without a description) by the team.
        expect(out['team_token_id']).toBe(out['team_id'])
        expect(await teamTokenId()).toMatch(/^at-/)
        await api.call('GET', `/api/v2/organizations/${organization}/registry-modules/private/${organization}/vpc/aws`)
        expect(out['vcs_module']).toBe('network/aws')
        // The tag v1.0.0 becomes version 1.0.0 once Cairn has fetched and analysed it.
        const version = `/api/v2/organizations/${organization}/registry-modules/private/${organization}/network/aws/version?module_version=1.0.0`
        await vi.waitFor(
          async () =>
            expect(((await api.call('GET', version)) as { data: { attributes: { status: string } } }).data.attributes.status).toBe('ok'),
          { timeout: 30_000, interval: 250 },
        )
      },
      10 * 60_000,
    )

    it.skipIf(skipped !== undefined)('a second plan finds nothing to change', expectNoChanges, 5 * 60_000)

    it.skipIf(skipped !== undefined)(
      'changes the organization and the team in place, keeping the team token, then finds nothing to change',
      async () => {
        const tokenBefore = await teamTokenId()
        await writeTfeConfiguration(dir, {
          ...variables(),
          email: `platform@${organization}.test`,
          speculativePlans: false,
          manageWorkspaces: true,
          memberTokens: false,
        })
        expect(succeeded(await cli('apply', '-auto-approve'))).toContain('Apply complete! Resources: 0 added, 2 changed, 0 destroyed.')
        expect(await organizationOf()).toMatchObject({
          email: `platform@${organization}.test`,
          'speculative-plan-management-enabled': false,
        })
        const after = await outputs()
        expect(await teamTokenId()).toBe(tokenBefore)
        const team = (await api.call('GET', `/api/v2/teams/${String(after['team_id'])}`)) as {
          data: { attributes: Record<string, unknown> }
        }
        expect(team.data.attributes).toMatchObject({
          'allow-member-token-management': false,
          'organization-access': { 'manage-modules': true, 'manage-workspaces': true },
        })
        await expectNoChanges()
      },
      10 * 60_000,
    )

    it.skipIf(skipped !== undefined)(
      'destroys everything it made',
      async () => {
        expect(succeeded(await cli('destroy', '-auto-approve'))).toContain('Destroy complete! Resources: 6 destroyed.')
        await expect(api.call('GET', `/api/v2/organizations/${organization}`)).rejects.toThrow(/404/)
      },
      10 * 60_000,
    )
  })
})
