import { collect, fixtureModule, hostile } from '@cairn/test-fixtures'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from './serve.ts'
import { userToken } from '../test-support/cli.ts'
import {
  buildGoTfeClient,
  GO,
  NO_GO,
  runScenario,
  scenarioChecks,
  type ScenarioResult,
  type StepLine,
} from './test-support/go-tfe-client.ts'
import { testConfig } from '../test-support/test-config.ts'

/**
 * The official Go API client, go-tfe, run unmodified against Cairn's private module registry
 * without VCS: the registry-modules scenario of test-fixtures/go-tfe-client (registry_modules.go)
 * drives client.RegistryModules as an organization owner, uploads test-fixtures/modules/network
 * with go-tfe's own packer, and checks the refusals a member on no team and an outsider get.
 * The users come from the CLI; the organization and the membership from the HTTP API.
 */

/** Every step the scenario reports, in order. */
const STEPS = [
  'new-client',
  'create',
  'create-more',
  'create-duplicate',
  'read',
  'read-missing',
  'list-pagination',
  'list-filters',
  'create-version',
  'read-pending',
  'upload',
  'read-version',
  'read-after-upload',
  'read-version-missing',
  'create-version-duplicate',
  'upload-again',
  'upload-no-configuration',
  'upload-retry',
  'upload-hostile-archive',
  'update',
  'update-vcs-refused',
  'member',
  'outsider',
  'delete-version',
  'delete-provider',
  'delete-by-name',
  'delete',
  'done',
] as const

const ORGANIZATION = 'acme'

/** A JSON:API POST with a user's token, as setup before go-tfe runs; the id of what it made. */
async function call(server: RunningServer, token: string, path: string, body?: unknown, status = 201): Promise<string> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/vnd.api+json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  if (response.status !== status) {
    throw new Error(`setup, before go-tfe ran: POST ${path} answered ${response.status}: ${await response.text()}`)
  }
  return ((await response.json()) as { data: { id: string } }).data.id
}

const TITLE = 'the official Go client (go-tfe) against the private module registry'

describe.skipIf(GO === undefined)(GO === undefined ? TITLE + NO_GO : TITLE, () => {
  let result: ScenarioResult
  const step = (name: string): StepLine | undefined => result.lines.find((line) => line.step === name)

  beforeAll(async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'cairn-go-tfe-modules-'))
    const env = { CAIRN_DATA_DIR: join(scratch, 'data'), PORT: '0' }
    try {
      // The embedded database takes one process at a time: users first (while Go builds), then
      // the server.
      const users = async () => ({
        // A site administrator: only they create organizations on a fresh self-hosted installation.
        owner: await userToken(env, 'owner', true),
        member: await userToken(env, 'member'),
        outsider: await userToken(env, 'outsider'),
      })
      const [binary, tokens] = await Promise.all([buildGoTfeClient(GO ?? 'go'), users()])
      // A directory go-tfe's Upload packs into an archive without configuration, and a hostile
      // archive (a sound module with a `../escaped.tf` entry) that UploadTarGzip sends as it is.
      const noConfiguration = join(scratch, 'readme-only')
      mkdirSync(noConfiguration)
      writeFileSync(join(noConfiguration, 'README.md'), '# Not a module\n\nNo Terraform configuration here.\n')
      const hostileArchive = join(scratch, 'path-traversal.tar.gz')
      writeFileSync(hostileArchive, await collect(hostile.pathTraversal()))

      const server = await startServer(testConfig(env))
      try {
        await call(server, tokens.owner, '/api/v2/organizations', {
          data: { type: 'organizations', attributes: { name: ORGANIZATION, email: 'owner@example.com' } },
        })
        const invitation = await call(server, tokens.owner, `/api/v2/organizations/${ORGANIZATION}/organization-memberships`, {
          data: { type: 'organization-memberships', attributes: { email: 'member@example.com' } },
        })
        await call(server, tokens.member, `/api/v2/organization-memberships/${invitation}/actions/accept`, undefined, 200)
        result = await runScenario(binary, {
          TFE_SCENARIO: 'registry-modules',
          TFE_ADDRESS: server.url,
          TFE_TOKEN: tokens.owner,
          TFE_ORGANIZATION: ORGANIZATION,
          TFE_MEMBER_TOKEN: tokens.member,
          TFE_OUTSIDER_TOKEN: tokens.outsider,
          TFE_MODULE_DIR: fixtureModule('network'),
          TFE_NO_CONFIG_DIR: noConfiguration,
          TFE_HOSTILE_ARCHIVE: hostileArchive,
        })
      } finally {
        await server.stop()
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true })
    }
  }, 400_000)

  scenarioChecks(STEPS, () => result)

  it('creates a private module without VCS that go-tfe decodes in full', () => {
    expect(step('create')).toMatchObject({
      ok: true,
      status: 201,
      module: {
        name: 'network',
        provider: 'aws',
        namespace: ORGANIZATION,
        registryName: 'private',
        status: 'pending',
        publishingMechanism: 'non_vcs',
        noCode: false,
        versionStatuses: [],
        vcsRepo: false,
        testsEnabled: false,
        organization: ORGANIZATION,
      },
    })
  })

  it('creates versions through the deprecated route go-tfe calls, which says so', () => {
    expect(step('create-version')).toMatchObject({
      ok: true,
      status: 201,
      deprecation: 'true',
      version: { version: '1.0.0', status: 'pending', source: 'tfe-api', uploadLink: true },
    })
    expect(step('create-version-duplicate')).toMatchObject({
      ok: true,
      status: 422,
      error: 'invalid attribute\n\nversion has already been taken',
    })
  })

  it('takes the upload without an Authorization header, and the version reaches ok shortly after', () => {
    expect(step('upload')).toMatchObject({ ok: true, status: 200, authorizationSent: false })
    expect(step('read-version')).toMatchObject({ ok: true, reads: expect.any(Number), version: { status: 'ok' } })
    expect(step('read-after-upload')).toMatchObject({
      ok: true,
      module: { status: 'setup_complete', versionStatuses: ['1.0.0 ok'] },
    })
  })

  it('refuses archives without configuration or with a climbing path on the version (reg_ingress_failed), not on the PUT', () => {
    expect(step('upload-no-configuration')).toMatchObject({
      ok: true,
      uploadStatus: 200,
      uploadAnswer: 'reg_ingressing',
      refusal: expect.stringContaining('has no .tf or .tf.json file at its root'),
      status: 'reg_ingress_failed',
      versionStatusError: expect.stringContaining('has no .tf or .tf.json file at its root'),
    })
    expect(step('upload-hostile-archive')).toMatchObject({
      ok: true,
      status: 'reg_ingress_failed',
      hostileRefusal: expect.stringContaining('leaves the archive'),
      plainTextRefusal: expect.stringContaining('not gzip-compressed'),
    })
    expect(step('upload-again')).toMatchObject({ ok: true, status: 200, uploadLinkWhenOk: true })
  })

  it('answers ErrResourceNotFound to a member on no team changing anything, and to an outsider', () => {
    expect(step('member')).toMatchObject({ ok: true, status: 200 })
    expect(step('outsider')).toMatchObject({ ok: true, status: 404 })
  })

  it('deletes a version, a provider, a module by name, and a module through the deprecated route', () => {
    expect(step('delete-version')).toMatchObject({ ok: true, status: 204, versionStatuses: ['1.1.0 ok'] })
    expect(step('delete-provider')).toMatchObject({ ok: true, status: 204 })
    expect(step('delete-by-name')).toMatchObject({ ok: true, status: 204, left: ['dns/aws'] })
    expect(step('delete')).toMatchObject({ ok: true, status: 204, deprecation: 'true' })
  })
})
