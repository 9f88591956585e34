import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from './serve.ts'
import { userToken } from '../test-support/cli.ts'
import { buildGoTfeClient, GO, NO_GO, runScenario, scenarioChecks, type ScenarioResult } from './test-support/go-tfe-client.ts'
import { testConfig } from '../test-support/test-config.ts'

/**
 * The official Go API client, go-tfe (test-fixtures/go-tfe-client, pinned by its go.mod and
 * go.sum), run unmodified against Cairn: tfe.NewClient and client.Admin.TerraformVersions.
 * The Go program prints one JSON line per step and exits 1 on the first failure, naming the
 * request go-tfe sent and Cairn's answer.
 */

/** Every step the scenario reports, in order (see test-fixtures/go-tfe-client/main.go). */
const STEPS = [
  'new-client',
  'create',
  'read',
  'create-more',
  'list-pagination',
  'list-all-pages',
  'list-filter',
  'list-search',
  'update',
  'update-undeprecate',
  'create-duplicate',
  'create-archs-only',
  'create-archs-multi',
  'delete-official',
  'delete',
  'read-after-delete',
  'member-list',
  'bad-token',
  'done',
] as const

const TITLE = 'the official Go client (go-tfe) against the standalone server'

describe.skipIf(GO === undefined)(GO === undefined ? TITLE + NO_GO : TITLE, () => {
  let result: ScenarioResult

  beforeAll(async () => {
    const binary = await buildGoTfeClient(GO ?? 'go')
    const env = { CAIRN_DATA_DIR: mkdtempSync(join(tmpdir(), 'cairn-go-tfe-')), PORT: '0' }
    try {
      // The embedded database takes one process at a time: users first, then the server.
      const adminToken = await userToken(env, 'admin', true)
      const memberToken = await userToken(env, 'member')
      const server: RunningServer = await startServer(testConfig(env))
      try {
        result = await runScenario(binary, {
          TFE_ADDRESS: server.url,
          TFE_TOKEN: adminToken,
          TFE_MEMBER_TOKEN: memberToken,
          TFE_RUN_TAG: 'gotfe',
        })
      } finally {
        await server.stop()
      }
    } finally {
      rmSync(env.CAIRN_DATA_DIR, { recursive: true, force: true })
    }
  }, 400_000)

  scenarioChecks(STEPS, () => result)

  it('sees Cairn as a self-hosted (enterprise) server with API version 2.6', () => {
    expect(result.lines.find((l) => l.step === 'new-client')).toMatchObject({
      ok: true,
      pingStatus: 204,
      remoteAPIVersion: '2.6',
      isEnterprise: true,
    })
  })

  it('decodes a duplicate version as a 422 error naming the attribute', () => {
    expect(result.lines.find((l) => l.step === 'create-duplicate')).toMatchObject({
      ok: true,
      status: 422,
      error: 'invalid attribute\n\nversion has already been taken',
    })
  })

  it('answers ErrResourceNotFound to a member and ErrUnauthorized to a bad token', () => {
    expect(result.lines.find((l) => l.step === 'member-list')).toMatchObject({ ok: true, status: 404 })
    expect(result.lines.find((l) => l.step === 'bad-token')).toMatchObject({ ok: true, status: 401 })
  })
})
