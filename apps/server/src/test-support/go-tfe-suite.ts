import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { buildGoModuleOnce, cairnToolsDir } from './go-modules.ts'

const run = promisify(execFile)

/**
 * go-tfe's own integration tests, the conformance suite of TFE-compatible servers: the module's
 * test binary (`go test -c`), built once per machine from the Go module proxy and cached outside
 * the checkout with the test fixtures it reads, then run against a live Cairn.
 */
const MODULE = 'github.com/hashicorp/go-tfe'
export const GO_TFE_VERSION = 'v1.111.2'

/** The checked-in list of tests Cairn skips, each with the feature it needs. */
export const SKIP_LIST = join(import.meta.dirname, '../../../../test-fixtures/go-tfe-suite/skipped-tests.txt')

export interface GoTfeSuite {
  readonly binary: string
  /** The module's test-fixtures directory, copied beside the binary. */
  readonly fixtures: string
}

/** The test binary; the first call on a machine builds it (about a minute on two cores). */
export async function buildGoTfeSuite(go: string): Promise<GoTfeSuite> {
  const folder = join(cairnToolsDir(), `go-tfe-tests-${GO_TFE_VERSION}`)
  await buildGoModuleOnce(go, { module: MODULE, version: GO_TFE_VERSION, folder, marker: 'go-tfe.test' }, async (source, into) => {
    process.stderr.write(`building ${MODULE}@${GO_TFE_VERSION}'s integration tests (once per machine)\n`)
    await run(go, ['test', '-c', '-o', join(into, 'go-tfe.test'), '.'], {
      cwd: source,
      maxBuffer: 16 << 20,
      timeout: 600_000,
    })
    await cp(join(source, 'test-fixtures'), join(into, 'test-fixtures'), { recursive: true })
  })
  return { binary: join(folder, 'go-tfe.test'), fixtures: join(folder, 'test-fixtures') }
}

/** One skipped test: its name as `go test -v` prints it, and what it needs. */
export interface SkippedTest {
  readonly name: string
  readonly feature: string
}

/** The skip list: `<name> <feature…>` per line; blank lines and `#` comments ignored. */
export function readSkipList(file = SKIP_LIST): SkippedTest[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [name = '', ...feature] = line.split(/\s+/)
      return { name, feature: feature.join(' ') }
    })
}

/**
 * go test's `-test.skip` for exactly these tests: one alternative per name, each level of a
 * subtest name anchored on its own (`^Parent$/^sub$`), as go test matches level by level. go test
 * stops at the first alternative that matches a test, and one naming a subtest only partly
 * matches its parent, so shallower names go first: a skipped parent is then skipped whole.
 */
export function skipPattern(names: readonly string[]): string {
  const quote = (part: string) => `^${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`
  const levels = names.map((name) => name.split('/')).sort((a, b) => a.length - b.length)
  return levels.map((parts) => parts.map(quote).join('/')).join('|')
}

/** The top-level tests of the binary that `pattern` selects (`-test.list`). */
export async function listTests(suite: GoTfeSuite, pattern: string): Promise<string[]> {
  const { stdout } = await run(suite.binary, ['-test.list', pattern])
  return stdout.split('\n').filter((line) => line.startsWith('Test'))
}

/** How one run of the suite went: the exit code, the output, and each test's (and subtest's) outcome. */
export interface SuiteResult {
  readonly code: number
  readonly output: string
  readonly outcomes: ReadonlyMap<string, 'PASS' | 'FAIL' | 'SKIP'>
}

/**
 * Runs the tests `run` selects, but not those `skip` names, against the Cairn at `address` as the
 * holder of `token`, with TFE's flags (`ENABLE_TFE=1`) and its beta features on, plus `env` (the
 * VCS tests' repository and credential). The fixtures are copied to a scratch directory, since
 * some tests write beside them.
 */
export async function runGoTfeSuite(
  suite: GoTfeSuite,
  options: {
    readonly address: string
    readonly token: string
    readonly run: string
    readonly skip: readonly string[]
    readonly env?: Readonly<Record<string, string>>
  },
): Promise<SuiteResult> {
  const cwd = await mkdtemp(join(tmpdir(), 'cairn-go-tfe-suite-'))
  const args = ['-test.run', options.run, '-test.v', '-test.count', '1', '-test.parallel', '4', '-test.timeout', '240s']
  if (options.skip.length > 0) args.push('-test.skip', skipPattern(options.skip))
  // Only what the tests need: no GitHub identifiers or other TFE settings leak in from the caller.
  const env = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: cwd,
    TFE_ADDRESS: options.address,
    TFE_TOKEN: options.token,
    ENABLE_TFE: '1',
    ENABLE_BETA: '1',
    ...options.env,
  }
  let code = 0
  let output: string
  try {
    await cp(suite.fixtures, join(cwd, 'test-fixtures'), { recursive: true })
    try {
      const { stdout, stderr } = await run(suite.binary, args, { cwd, env, maxBuffer: 64 << 20, timeout: 300_000 })
      output = stdout + stderr
    } catch (error) {
      const failed = error as { code?: number | string; stdout?: string; stderr?: string; message: string }
      code = typeof failed.code === 'number' ? failed.code : -1
      output = `${failed.stdout ?? ''}${failed.stderr ?? failed.message}`
    }
  } finally {
    await rm(cwd, { recursive: true, force: true })
  }
  return { code, output, outcomes: outcomesOf(output) }
}

function outcomesOf(output: string): Map<string, 'PASS' | 'FAIL' | 'SKIP'> {
  const outcomes = new Map<string, 'PASS' | 'FAIL' | 'SKIP'>()
  for (const [, status, name] of output.matchAll(/^\s*--- (PASS|FAIL|SKIP): (\S+) \(/gm)) {
    if (name !== undefined) outcomes.set(name, status as 'PASS' | 'FAIL' | 'SKIP')
  }
  return outcomes
}
