import { scratchDatabase } from '@cairn/persistence/testing'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GO, NO_GO } from './cli/test-support/go-tfe-client.ts'
import { startServer } from './cli/serve.ts'
import { userToken } from './test-support/cli.ts'
import {
  buildGoTfeSuite,
  GO_TFE_VERSION,
  listTests,
  readSkipList,
  runGoTfeSuite,
  type GoTfeSuite,
  type SuiteResult,
} from './test-support/go-tfe-suite.ts'
import { testConfig } from './test-support/test-config.ts'

/**
 * The private provider registry's tests: all but `TestRegistryProvidersUpdate_Beta`, which needs
 * tag bindings on providers (Cairn has none), and the platform Read/List tests, which skip
 * themselves.
 */
const PROVIDERS =
  'RegistryProviders(List|Create|Read|Delete)$|RegistryProviderVersions(Create|List|Read|Delete)$|' +
  'RegistryProviderPlatforms(Create|Delete)$|GPGKey(List|Create|Read|Update|Delete)$'

/** The go-tfe tests of the areas Cairn implements. */
const IN_SCOPE = `^Test(AdminTerraformVersions|AdminUsers|AdminWorkspace|AdminSettings_General|OrganizationMemberships|RegistryModule|${PROVIDERS})`
const REGISTRY = `^Test(RegistryModule|${PROVIDERS})`

/**
 * Tests that create public modules, which only the hosted edition curates (the self-hosted one
 * answers 403 by design): they run in the hosted pass, with every other registry test.
 */
const PUBLIC_MODULE_TESTS = ['TestRegistryModulesCreate', 'TestRegistryModulesRead', 'TestRegistryModuleUpdate']

/** Tests that create public provider records, likewise the hosted edition's alone. */
const PUBLIC_PROVIDER_TESTS = [
  'TestRegistryProvidersList',
  'TestRegistryProvidersCreate',
  'TestRegistryProvidersRead',
  'TestRegistryProvidersDelete',
]

/** What a TFE install has before its tests run: official Terraform versions (the list tests look for 1.0.4). */
const SEEDED_TERRAFORM_VERSIONS = ['1.0.4', '1.5.7', '1.9.8']

/** TFE's own maintenance account, which the admin users search test expects to find. */
const SEEDED_USERNAME = 'admin-security-maintenance'

const SKIPPED = readSkipList()

/** A Cairn on a scratch PostgreSQL database in `edition`, seeded by `seed`, while `work` runs. */
async function withCairn<T>(edition: 'self-hosted' | 'hosted', work: (server: { url: string; token: string }) => Promise<T>): Promise<T> {
  const database = await scratchDatabase()
  const dataDir = mkdtempSync(join(tmpdir(), 'cairn-go-tfe-suite-'))
  const env = { DATABASE_URL: database.url, CAIRN_DATA_DIR: dataDir, CAIRN_EDITION: edition, PORT: '0' }
  try {
    // A site administrator's token, as TFE_TOKEN is on a TFE install (in the hosted edition,
    // which has no admin API, the flag changes nothing the tests touch). Named to come first in
    // the admin users list, as the organizations test expects of the first user there.
    const token = await userToken(env, 'admin', true)
    if (edition === 'self-hosted') await userToken(env, SEEDED_USERNAME)
    const server = await startServer(testConfig(env))
    try {
      if (edition === 'self-hosted') await seedTerraformVersions(server.url, token)
      return await work({ url: server.url, token })
    } finally {
      await server.stop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    await database.drop()
  }
}

async function seedTerraformVersions(url: string, token: string): Promise<void> {
  for (const version of SEEDED_TERRAFORM_VERSIONS) {
    const attributes = {
      version,
      url: `https://releases.hashicorp.com/terraform/${version}/terraform_${version}_linux_amd64.zip`,
      sha: '0'.repeat(64),
      official: true,
    }
    const response = await fetch(`${url}/api/v2/admin/terraform-versions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { type: 'terraform-versions', attributes } }),
    })
    if (response.status !== 201) throw new Error(`seeding terraform ${version} answered ${response.status}: ${await response.text()}`)
  }
}

/** The top-level tests and subtests that failed, with go test's output when there are any. */
function failures(result: SuiteResult): string[] {
  return [...result.outcomes].filter(([, outcome]) => outcome === 'FAIL').map(([name]) => name)
}

/** How many tests, and how many subtests, passed, failed and were skipped (by go-tfe itself). */
function summary(result: SuiteResult): Record<'tests' | 'subtests', Record<string, number>> {
  const counts = { tests: {} as Record<string, number>, subtests: {} as Record<string, number> }
  for (const [name, outcome] of result.outcomes) {
    const level = name.includes('/') ? counts.subtests : counts.tests
    level[outcome] = (level[outcome] ?? 0) + 1
  }
  return counts
}

const TITLE = `go-tfe ${GO_TFE_VERSION}'s own integration tests against Cairn on PostgreSQL`

describe.skipIf(GO === undefined)(GO === undefined ? TITLE + NO_GO : TITLE, () => {
  let suite: GoTfeSuite
  let selfHosted: SuiteResult
  let hosted: SuiteResult

  beforeAll(async () => {
    suite = await buildGoTfeSuite(GO ?? 'go')
    const skipped = SKIPPED.map((test) => test.name)
    // One edition after the other: the two runs would share the machine's two cores anyway.
    selfHosted = await withCairn('self-hosted', ({ url, token }) =>
      runGoTfeSuite(suite, { address: url, token, run: IN_SCOPE, skip: [...skipped, ...PUBLIC_MODULE_TESTS, ...PUBLIC_PROVIDER_TESTS] }),
    )
    hosted = await withCairn('hosted', ({ url, token }) => runGoTfeSuite(suite, { address: url, token, run: REGISTRY, skip: skipped }))
  }, 900_000)

  afterAll(() => {
    for (const [edition, result] of [
      ['self-hosted', selfHosted],
      ['hosted', hosted],
    ] as const) {
      // Unset when the setup itself failed; its own error says why.
      if ((result as SuiteResult | undefined) === undefined) continue
      console.info(`go-tfe suite, ${edition} edition: ${JSON.stringify(summary(result))}`)
      if (result.code !== 0) console.error(`go-tfe suite output (${edition}):\n${result.output}`)
    }
  })

  it('the skip list names tests go-tfe has, each with the feature it needs', async () => {
    const tests = new Set(await listTests(suite, IN_SCOPE))
    expect(SKIPPED.length).toBeGreaterThan(0)
    for (const { name, feature } of SKIPPED) {
      expect(tests.has(name.split('/')[0] ?? ''), `${name} is not a go-tfe test`).toBe(true)
      expect(feature, `${name} says nothing of the feature it needs`).not.toBe('')
    }
  })

  it('self-hosted edition: every admin and registry-module test not skipped passes', () => {
    expect(failures(selfHosted), selfHosted.output.slice(-20_000)).toEqual([])
    expect(selfHosted.code, selfHosted.output.slice(-5_000)).toBe(0)
    for (const name of [
      'TestAdminTerraformVersions_CreateDelete',
      'TestAdminTerraformVersions_ReadUpdate',
      'TestAdminWorkspaces_Read',
      'TestRegistryModulesUploadTarGzip',
      'TestRegistryModulesList',
    ]) {
      expect(selfHosted.outcomes.get(name), name).toBe('PASS')
    }
    expect(selfHosted.outcomes.get('TestAdminUsers_List/filter_by_admin')).toBe('PASS')
    for (const name of [
      'TestAdminUsers_Delete',
      'TestAdminUsers_List/query_by_username_or_email',
      'TestAdminSettings_General_Update',
      'TestOrganizationMembershipsCreate',
      'TestRegistryProviderVersionsCreate',
      'TestRegistryProviderPlatformsCreate',
      'TestGPGKeyCreate',
      'TestGPGKeyUpdate',
    ]) {
      expect(selfHosted.outcomes.get(name), name).toBe('PASS')
    }
    // It skips itself unless the invited user shows two-factor enabled, which an invitation never does.
    expect(selfHosted.outcomes.get('TestAdminUsers_Disable2FA')).toBe('SKIP')
  })

  it('hosted edition: every registry-module and provider registry test not skipped passes, public modules and providers included', () => {
    expect(failures(hosted), hosted.output.slice(-20_000)).toEqual([])
    expect(hosted.code, hosted.output.slice(-5_000)).toBe(0)
    for (const name of [...PUBLIC_MODULE_TESTS, ...PUBLIC_PROVIDER_TESTS, 'TestRegistryModulesUploadTarGzip', 'TestGPGKeyList']) {
      expect(hosted.outcomes.get(name), name).toBe('PASS')
    }
  })

  it('runs no skipped test', () => {
    for (const { name } of SKIPPED) {
      expect(selfHosted.outcomes.get(name), name).toBeUndefined()
      expect(hosted.outcomes.get(name), name).toBeUndefined()
    }
  })
})
