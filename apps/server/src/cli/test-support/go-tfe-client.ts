import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { accessSync, constants, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, it } from 'vitest'
import { cairnToolsDir } from '../../test-support/go-modules.ts'

/**
 * The official Go API client, go-tfe, as a test harness: test-fixtures/go-tfe-client is a Go
 * program (pinned by its go.mod and go.sum) that drives go-tfe unmodified against a running Cairn
 * and prints one JSON line per step. This module finds Go, builds the program once per source
 * hash into ~/.cache/cairn-tools, runs it, and checks what every scenario shares.
 */

const run = promisify(execFile)

/** The Go program's directory. */
export const GO_TFE_CLIENT = join(import.meta.dirname, '../../../../../test-fixtures/go-tfe-client')

/** One line of the program's output: a step that passed, or the one that failed. */
export interface StepLine {
  readonly step: string
  readonly ok: boolean
  readonly error?: string
  readonly [detail: string]: unknown
}

export interface ScenarioResult {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
  readonly lines: readonly StepLine[]
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

/** The Go toolchain, or undefined: the go-tfe suites skip without it. */
export const GO = findGo()

/** Appended to a suite's title when it is skipped for want of Go. */
export const NO_GO = ' (skipped: the Go toolchain is needed, and there is no `go` on PATH nor in /usr/local/go/bin)'

/** The program's sources: go.mod, go.sum and every .go file, in a stable order. */
function sourceFiles(): string[] {
  const goFiles = readdirSync(GO_TFE_CLIENT).filter((name) => name.endsWith('.go') && !name.endsWith('_test.go'))
  return ['go.mod', 'go.sum', ...goFiles.sort()]
}

/** Where the built client is cached, keyed by its sources, beside the Node and pnpm of provision.sh. */
function cachedBinaryPath(): string {
  const hash = createHash('sha256')
  for (const file of sourceFiles())
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(GO_TFE_CLIENT, file)))
      .update('\0')
  return join(cairnToolsDir(), `go-tfe-client-${hash.digest('hex').slice(0, 16)}`, 'gotfeclient')
}

/**
 * Builds the client once per source hash. The first build downloads go-tfe and its dependencies
 * from the Go module proxy and compiles them (about 30 s from empty Go caches); later runs reuse
 * the binary. `-mod=readonly`: go.sum is committed and must already be complete.
 */
export async function buildGoTfeClient(go: string): Promise<string> {
  const binary = cachedBinaryPath()
  if (existsSync(binary)) return binary
  const dir = join(binary, '..')
  mkdirSync(dir, { recursive: true })
  const partial = `${binary}.${process.pid}.partial`
  try {
    await run(go, ['build', '-trimpath', '-o', partial, '.'], {
      cwd: GO_TFE_CLIENT,
      env: { ...process.env, GOFLAGS: '-mod=readonly -buildvcs=false', CGO_ENABLED: '0' },
      timeout: 280_000,
    })
  } catch (error) {
    rmSync(partial, { force: true })
    const failed = error as { message: string; stderr?: string }
    throw new Error(`go build of ${GO_TFE_CLIENT} failed: ${failed.stderr ?? failed.message}`, { cause: error })
  }
  renameSync(partial, binary)
  return binary
}

/** Runs the built client with `env` (and `args`) and parses its output, whatever its exit code. */
export async function runScenario(binary: string, env: Record<string, string>, args: readonly string[] = []): Promise<ScenarioResult> {
  let code = 0
  let stdout: string
  let stderr: string
  try {
    ;({ stdout, stderr } = await run(binary, [...args], { env: { ...process.env, ...env }, timeout: 150_000 }))
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

/**
 * The checks every scenario shares: the program exits 0 after exactly `steps`, and each step
 * passes. Call inside the scenario's describe; `result` reads the outcome once beforeAll ran.
 */
export function scenarioChecks(steps: readonly string[], result: () => ScenarioResult): void {
  afterAll(() => {
    // Unset when the setup itself failed; its own error says why.
    const outcome = result() as ScenarioResult | undefined
    if (outcome !== undefined && outcome.code !== 0) console.error(`go-tfe scenario output:\n${outcome.stdout}\n${outcome.stderr}`)
  })

  it('runs the whole scenario and exits 0', () => {
    expect(result().code, `${result().stderr}\n${result().stdout}`).toBe(0)
    expect(result().lines.map((line) => line.step)).toEqual([...steps])
  })

  it.each(steps.filter((name) => name !== 'done'))('step %s passes', (name) => {
    const line = result().lines.find((l) => l.step === name)
    expect(line, `step ${name} never ran: an earlier step failed\n${result().stderr}`).toBeDefined()
    expect(line?.ok, `step ${name}: ${line?.error ?? ''}\n${JSON.stringify(line?.['exchange'] ?? null, null, 2)}`).toBe(true)
  })
}
