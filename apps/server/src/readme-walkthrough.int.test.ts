import { execFile, execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { basename, join, relative } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { cairnToolsDir } from './test-support/go-modules.ts'
import { buildTofuOnce, canUnshareMounts, whyNoTofu } from './test-support/opentofu.ts'
import { walkthroughBlocks, walkthroughScript } from './test-support/readme-walkthrough.ts'

const run = promisify(execFile)
const CHECKOUT = join(import.meta.dirname, '..', '..', '..')
const README = readFileSync(join(CHECKOUT, 'README.md'), 'utf8')

function whySkipped(): string | undefined {
  const tofu = whyNoTofu()
  if (tofu !== undefined) return tofu
  // The walkthrough adds registry.example.test to /etc/hosts: here, to a copy mounted over it for the run alone.
  if (!canUnshareMounts()) return 'unshare -m is refused (not root), so the walkthrough cannot be given an /etc/hosts of its own'
  return undefined
}
const skipped = whySkipped()
if (skipped !== undefined) console.warn(`\n!!! SKIPPING the README walkthrough test: ${skipped}\n`)

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** The checkout as a fresh clone has it: no node_modules, no data, nothing built. */
function copyCheckout(into: string): void {
  const left = new Set(['node_modules', '.git', 'dist', 'coverage'])
  cpSync(CHECKOUT, into, { recursive: true, filter: (source) => !left.has(basename(source)) && relative(CHECKOUT, source) !== 'data' })
}

/** A home, a `tofu` on PATH and the walkthrough's script and blocks, in `scratch`; the environment to run it in. */
async function prepare(scratch: string, ports: { http: number; https: number }) {
  const blocks = walkthroughBlocks(README).map((block) => ({
    ...block,
    code: block.code.replaceAll('8080', String(ports.http)).replaceAll('8443', String(ports.https)),
  }))
  expect(blocks.map((block) => block.walkthrough + (block.server ? ' (server)' : ''))).toEqual([
    'first-token (server)',
    'first-token',
    'tofu',
    'tofu',
    'tofu (server)',
    'tofu',
    'tofu',
  ])
  const [checkout, home, bin, walk] = ['cairn', 'home', 'bin', 'walk'].map((name) => join(scratch, name)) as [
    string,
    string,
    string,
    string,
  ]
  copyCheckout(checkout)
  for (const directory of [home, bin, walk]) mkdirSync(directory)
  symlinkSync(await buildTofuOnce(), join(bin, 'tofu'))
  const { script, files } = walkthroughScript(blocks, checkout)
  writeFileSync(join(walk, 'walkthrough.sh'), script)
  for (const [file, code] of files) writeFileSync(join(walk, file), code)
  writeFileSync(join(scratch, 'hosts'), readFileSync('/etc/hosts'))
  const env = {
    PATH: `${bin}:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin`,
    HOME: home,
    LANG: 'C.UTF-8',
    // The default port, 8080, as the swapped one: `bash scripts/start.sh` names none.
    PORT: String(ports.http),
    // What the machine has fetched and installed already, where a newcomer's machine would fetch it.
    CAIRN_TOOLS: cairnToolsDir(),
    npm_config_store_dir: execFileSync('bash', ['-c', 'source scripts/provision.sh && pnpm store path'], {
      cwd: CHECKOUT,
      encoding: 'utf8',
    }).trim(),
  }
  return { checkout, home, walk, env }
}

/** Runs the walkthrough's script with `hosts` mounted over /etc/hosts for it alone. */
async function runWalkthrough(scratch: string, prepared: Awaited<ReturnType<typeof prepare>>): Promise<{ code: number; output: string }> {
  const mountHosts = 'mount --bind "$0" /etc/hosts && exec bash "$1"'
  const args = ['-m', 'sh', '-c', mountHosts, join(scratch, 'hosts'), join(prepared.walk, 'walkthrough.sh')]
  return run('unshare', args, { cwd: prepared.checkout, env: prepared.env, maxBuffer: 64 << 20 }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code ?? 1,
      output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
    }),
  )
}

/**
 * The README's first-token flow and its tofu walkthrough, run as they are written (only their
 * ports, 8080 and 8443, are swapped for free ones, the default one given as PORT) in a fresh
 * copy of the checkout, by a user whose home is empty, with the real OpenTofu CLI as `tofu`: a
 * step that fails fails the test.
 */
describe.skipIf(skipped !== undefined)('the README walkthroughs', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'cairn-readme-'))
  afterAll(() => rmSync(scratch, { recursive: true, force: true }))

  it('create the first administrator with the IACT, then publish a module over HTTPS and tofu init it', async () => {
    const ports = { http: await freePort(), https: await freePort() }
    const prepared = await prepare(scratch, ports)
    const { code, output } = await runWalkthrough(scratch, prepared)
    expect(code, output).toBe(0)
    expect(output).toContain('OpenTofu has been successfully initialized')
    const manifest = JSON.parse(readFileSync(join(prepared.home, 'cairn-trial', '.terraform', 'modules', 'modules.json'), 'utf8')) as {
      Modules: { Key: string; Version?: string }[]
    }
    expect(manifest.Modules.find((module) => module.Key === 'vpc')?.Version).toBe('1.0.0')
    // The README's `pnpm install`, in a checkout start.sh installed: nothing for a newcomer to judge.
    expect(output).not.toMatch(/WARN|Ignored build scripts|approve-builds|Update available/)
    const log = (n: number) => readFileSync(join(prepared.walk, `server-${n}.log`), 'utf8')
    expect(log(0)).toContain('Cairn stopped')
    expect(log(4)).toContain(`clients reach it at https://registry.example.test:${ports.https}`)
  }, 600_000)
})
