import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { startServer, type RunningServer } from './serve.ts'

/**
 * The official Go API client, go-tfe (test-fixtures/go-tfe-client, pinned by its go.mod and
 * go.sum), run unmodified against Cairn: tfe.NewClient and client.Admin.TerraformVersions.
 * The Go program prints one JSON line per step and exits 1 on the first failure, naming the
 * request go-tfe sent and Cairn's answer.
 */

const run = promisify(execFile)
const MAIN = join(import.meta.dirname, 'main.ts')
const FIXTURE = join(import.meta.dirname, '../../../../test-fixtures/go-tfe-client')

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

interface StepLine {
  readonly step: string
  readonly ok: boolean
  readonly error?: string
  readonly [detail: string]: unknown
}

/** `go` on PATH, else the usual install location; undefined when there is none. */
function findGo(): string | undefined {
  const dirs = [...(process.env['PATH'] ?? '').split(delimiter), '/usr/local/go/bin']
  for (const dir of dirs.filter((d) => d !== '')) {
    const candidate = join(dir, 'go')
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {
      // not here
    }
  }
  return undefined
}

const GO = findGo()

/** Where the built client is cached, keyed by its sources, beside the Node and pnpm of provision.sh. */
function cachedBinaryPath(): string {
  const hash = createHash('sha256')
  for (const file of ['go.mod', 'go.sum', 'main.go']) hash.update(file).update('\0').update(readFileSync(join(FIXTURE, file)))
  const tools =
    process.env['CAIRN_TOOLS'] ?? join(process.env['XDG_CACHE_HOME'] ?? join(homedir(), '.cache'), 'cairn-tools')
  return join(tools, `go-tfe-client-${hash.digest('hex').slice(0, 16)}`, 'gotfeclient')
}

/**
 * Builds the client once per source hash. The first build downloads go-tfe and its dependencies
 * from the Go module proxy and compiles them (about 30 s from empty Go caches); later runs reuse
 * the binary. `-mod=readonly`: go.sum is committed and must already be complete.
 */
async function buildClient(go: string): Promise<string> {
  const binary = cachedBinaryPath()
  if (existsSync(binary)) return binary
  const dir = join(binary, '..')
  mkdirSync(dir, { recursive: true })
  const partial = `${binary}.${process.pid}.partial`
  try {
    await run(go, ['build', '-trimpath', '-o', partial, '.'], {
      cwd: FIXTURE,
      env: { ...process.env, GOFLAGS: '-mod=readonly -buildvcs=false', CGO_ENABLED: '0' },
      timeout: 280_000,
    })
  } catch (error) {
    rmSync(partial, { force: true })
    const failed = error as { message: string; stderr?: string }
    throw new Error(`go build of ${FIXTURE} failed: ${failed.stderr ?? failed.message}`, { cause: error })
  }
  renameSync(partial, binary)
  return binary
}

/** Runs the real CLI, as `pnpm cairn` does, in a child process with `env`. */
async function cairn(env: Record<string, string>, ...args: string[]): Promise<string> {
  try {
    const { stdout } = await run(process.execPath, [MAIN, ...args], { env: { ...process.env, ...env } })
    return stdout
  } catch (error) {
    const failed = error as { message: string; stderr?: string }
    throw new Error(`setup, before go-tfe ran: \`cairn ${args.join(' ')}\` failed: ${failed.stderr ?? failed.message}`, {
      cause: error,
    })
  }
}

async function createUser(env: Record<string, string>, username: string, ...flags: string[]): Promise<string> {
  const out = await cairn(env, 'user', 'create', '--username', username, '--email', `${username}@example.com`, ...flags)
  return (JSON.parse(out) as { token: string }).token
}

interface ScenarioResult {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
  readonly lines: readonly StepLine[]
}

async function runScenario(binary: string, env: Record<string, string>): Promise<ScenarioResult> {
  let code = 0
  let stdout: string
  let stderr: string
  try {
    ;({ stdout, stderr } = await run(binary, [], { env: { ...process.env, ...env }, timeout: 150_000 }))
  } catch (error) {
    const failed = error as { code: number | string; stdout: string; stderr: string; message: string }
    code = typeof failed.code === 'number' ? failed.code : -1
    stdout = failed.stdout
    stderr = failed.stderr || failed.message
  }
  const lines = stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line): StepLine => {
      try {
        return JSON.parse(line) as StepLine
      } catch {
        return { step: '<not a JSON line>', ok: false, error: line }
      }
    })
  return { code, stdout, stderr, lines }
}

const TITLE = 'the official Go client (go-tfe) against the standalone server'
const SKIPPED = ' (skipped: the Go toolchain is needed, and there is no `go` on PATH nor in /usr/local/go/bin)'

describe.skipIf(GO === undefined)(GO === undefined ? TITLE + SKIPPED : TITLE, () => {
  let result: ScenarioResult

  beforeAll(async () => {
    const binary = await buildClient(GO ?? 'go')
    const env = { CAIRN_DATA_DIR: mkdtempSync(join(tmpdir(), 'cairn-go-tfe-')), PORT: '0' }
    try {
      // The embedded database takes one process at a time: users first, then the server.
      const adminToken = await createUser(env, 'admin', '--site-admin')
      const memberToken = await createUser(env, 'member')
      const server: RunningServer = await startServer(loadConfig(env))
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

  afterAll(() => {
    if (result !== undefined && result.code !== 0) {
      console.error(`go-tfe scenario output:\n${result.stdout}\n${result.stderr}`)
    }
  })

  it('runs the whole scenario and exits 0', () => {
    expect(result.code, `${result.stderr}\n${result.stdout}`).toBe(0)
    expect(result.lines.map((line) => line.step)).toEqual([...STEPS])
  })

  it.each(STEPS.filter((step) => step !== 'done'))('step %s passes', (step) => {
    const line = result.lines.find((l) => l.step === step)
    expect(line, `step ${step} never ran: an earlier step failed\n${result.stderr}`).toBeDefined()
    expect(line?.ok, `step ${step}: ${line?.error ?? ''}\n${JSON.stringify(line?.['exchange'] ?? null, null, 2)}`).toBe(true)
  })

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
