import { GitRepository, startGitHttpServer } from '@cairn/test-fixtures'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { userToken } from '../test-support/cli.ts'
import { startServer } from './serve.ts'
import {
  buildGoTfeClient,
  GO,
  NO_GO,
  runScenario,
  scenarioChecks,
  type ScenarioResult,
  type StepLine,
} from './test-support/go-tfe-client.ts'

/**
 * The official Go client, go-tfe, run unmodified through the vcs-modules scenario of
 * test-fixtures/go-tfe-client (vcs_modules.go): OAuth clients and tokens, CreateWithVCSConnection
 * on both of its routes and Update with `vcs-repo`, against `git http-backend` on loopback.
 */

const STEPS = [
  'new-client',
  'oauth-client-create',
  'oauth-token-read',
  'create-with-vcs-tags',
  'tags-ingested',
  'create-with-vcs-branch',
  'update-to-tags',
  'oauth-client-delete',
  'done',
] as const

const ORGANIZATION = 'acme'
const CREDENTIAL = { username: 'x-access-token', password: 'ghp-go-tfe-credential' }
const TITLE = 'the official Go client (go-tfe) publishing modules from git'

describe.skipIf(GO === undefined)(GO === undefined ? TITLE + NO_GO : TITLE, () => {
  let result: ScenarioResult
  const step = (name: string): StepLine | undefined => result.lines.find((line) => line.step === name)

  beforeAll(async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'cairn-go-tfe-vcs-'))
    const env = {
      CAIRN_DATA_DIR: join(scratch, 'data'),
      PORT: '0',
      CAIRN_VCS_POLL_INTERVAL_SECONDS: '0',
      CAIRN_VCS_ALLOWED_HOSTS: '127.0.0.1',
    }
    const git = await startGitHttpServer(join(scratch, 'git'), CREDENTIAL)
    try {
      const vpc = GitRepository.create(join(scratch, 'git'), `${ORGANIZATION}/terraform-aws-vpc`)
      vpc.commit({ 'main.tf': 'variable "cidr" {}\n' })
      vpc.tag('v1.0.0')
      vpc.tag('stable')
      vpc.commit({ 'main.tf': 'variable "cidr" {}\noutput "cidr" {\n  value = var.cidr\n}\n' })
      vpc.tag('1.1.0', true)
      GitRepository.create(join(scratch, 'git'), `${ORGANIZATION}/infra`).commit({ 'modules/dns/main.tf': 'variable "zone" {}\n' })
      const [binary, owner] = await Promise.all([buildGoTfeClient(GO ?? 'go'), userToken(env, 'owner', true)])
      const server = await startServer(loadConfig(env))
      try {
        const created = await fetch(`${server.url}/api/v2/organizations`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${owner}`, 'Content-Type': 'application/vnd.api+json' },
          body: JSON.stringify({ data: { type: 'organizations', attributes: { name: ORGANIZATION, email: 'owner@example.com' } } }),
        })
        if (created.status !== 201) throw new Error(`setup: creating the organization answered ${created.status}`)
        result = await runScenario(binary, {
          TFE_SCENARIO: 'vcs-modules',
          TFE_ADDRESS: server.url,
          TFE_TOKEN: owner,
          TFE_ORGANIZATION: ORGANIZATION,
          TFE_GIT_URL: git.url,
          TFE_GIT_TOKEN: CREDENTIAL.password,
        })
      } finally {
        await server.stop()
      }
    } finally {
      await git.close()
      rmSync(scratch, { recursive: true, force: true })
    }
  }, 400_000)

  scenarioChecks(STEPS, () => result)

  it('publishes tag-based through the deprecated route go-tfe picks, and every semver tag is ingested', () => {
    expect(step('create-with-vcs-tags')).toMatchObject({ ok: true, requestBody: expect.stringContaining('"oauth-token-id"') })
    expect(step('tags-ingested')).toMatchObject({ ok: true, versions: ['1.0.0 ok', '1.1.0 ok'] })
  })
})
