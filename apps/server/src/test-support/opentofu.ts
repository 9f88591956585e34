import { execFile, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { buildGoModuleOnce, cairnToolsDir } from './go-modules.ts'

const run = promisify(execFile)

/**
 * The real OpenTofu CLI, built from the Go module proxy once per machine and cached beside the
 * Node toolchain of scripts/provision.sh. Its go.mod has a `replace` directive, so `go install
 * …@version` refuses it: the module is downloaded, copied somewhere writable and built there
 * (buildGoModuleOnce).
 */
const MODULE = 'github.com/opentofu/opentofu'
/** The release every CLI test runs. */
export const TOFU_VERSION = 'v1.10.7'

/**
 * The releases the module install tests also run: the oldest release series the OpenTofu project
 * still supports (v1.12.x, until 2027-02-01 by its CHANGELOG; v1.11.x ended 2026-08-01, so
 * TOFU_VERSION's v1.10 series is past its support) and the newest release the Go module proxy
 * serves (`go list -m -versions`: v1.12.6, the only v1.12.x it serves), which here coincide.
 */
export const TOFU_MATRIX: readonly string[] = ['v1.12.6']

/** Why the CLI tests cannot run `version` here, or undefined when they can. */
export function whyNoTofu(version = TOFU_VERSION): string | undefined {
  if (existsSync(cachedBinary(version))) return undefined
  const go = spawnSync('go', ['version'], { stdio: 'ignore' })
  return go.status === 0 ? undefined : `Go is not installed, so ${MODULE}@${version} cannot be built`
}

function cachedBinary(version: string): string {
  return join(cairnToolsDir(), `opentofu-${version}`, 'tofu')
}

/** The `tofu` binary of `version`; the first call on a machine builds it (about five minutes on two cores). */
export async function buildTofuOnce(version = TOFU_VERSION): Promise<string> {
  const binary = cachedBinary(version)
  if (existsSync(binary)) return binary
  process.stderr.write(`building ${MODULE}@${version} for the tofu init tests (once per machine, about five minutes)\n`)
  const target = { module: MODULE, version, folder: join(binary, '..'), marker: 'tofu' }
  await buildGoModuleOnce('go', target, async (source, into) => {
    await run('go', ['build', '-o', join(into, 'tofu'), './cmd/tofu'], { cwd: source, maxBuffer: 16 << 20 })
  })
  return binary
}

/** What one `tofu` command printed, and how it ended. */
export interface TofuResult {
  readonly code: number
  readonly output: string
}

export interface TofuOptions {
  readonly cwd: string
  /** The CLI configuration file (credentials, host blocks). */
  readonly cliConfigFile: string
  /** A CA the CLI must trust. */
  readonly caFile: string
  /**
   * A hosts file that the command sees as /etc/hosts, bind-mounted in a mount namespace of its
   * own (`unshare -m`), so a dotted registry host name resolves to loopback without touching the
   * machine's /etc/hosts.
   */
  readonly hostsFile?: string
}

/** Runs `tofu args…` without a terminal, trusting only `caFile`, with no token in the environment. */
export async function tofu(binary: string, args: readonly string[], options: TofuOptions): Promise<TofuResult> {
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: options.cwd,
    TF_CLI_CONFIG_FILE: options.cliConfigFile,
    SSL_CERT_FILE: options.caFile,
    TF_IN_AUTOMATION: '1',
    TF_INPUT: '0',
    NO_COLOR: '1',
  }
  const [command, commandArgs] =
    options.hostsFile === undefined
      ? [binary, [...args]]
      : ['unshare', ['-m', 'sh', '-c', 'mount --bind "$0" /etc/hosts && exec "$@"', options.hostsFile, binary, ...args]]
  try {
    const { stdout, stderr } = await run(command, commandArgs, { cwd: options.cwd, env, maxBuffer: 16 << 20 })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: typeof failed.code === 'number' ? failed.code : 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` }
  }
}

/** Whether this process may make a mount namespace (root, or a user namespace allowed). */
export function canUnshareMounts(): boolean {
  return spawnSync('unshare', ['-m', 'true'], { stdio: 'ignore' }).status === 0
}
