import { execFile, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { buildGoModuleOnce, cairnToolsDir } from './go-modules.ts'

const run = promisify(execFile)

const MODULE = 'oras.land/oras'
/** The newest release the Go module proxy serves (`go list -m -versions oras.land/oras`). */
export const ORAS_VERSION = 'v1.3.6'

function cachedBinary(): string {
  return join(cairnToolsDir(), `oras-${ORAS_VERSION}`, 'oras')
}

/** Why the oras tests cannot run here, or undefined when they can. */
export function whyNoOras(): string | undefined {
  if (existsSync(cachedBinary())) return undefined
  const go = spawnSync('go', ['version'], { stdio: 'ignore' })
  return go.status === 0 ? undefined : `Go is not installed, so ${MODULE}@${ORAS_VERSION} cannot be built`
}

/** The `oras` binary, built from the Go module proxy on a machine's first call (about a minute). */
export async function buildOrasOnce(): Promise<string> {
  const binary = cachedBinary()
  if (existsSync(binary)) return binary
  process.stderr.write(`building ${MODULE}@${ORAS_VERSION} for the OCI tests (once per machine)\n`)
  const target = { module: MODULE, version: ORAS_VERSION, folder: join(binary, '..'), marker: 'oras' }
  await buildGoModuleOnce('go', target, async (source, into) => {
    await run('go', ['build', '-o', join(into, 'oras'), './cmd/oras'], { cwd: source, maxBuffer: 16 << 20 })
  })
  return binary
}

/** Runs `oras args…` with `home` as its HOME (its credentials store), trusting only `caFile`. */
export async function oras(
  binary: string,
  args: readonly string[],
  options: { readonly cwd: string; readonly caFile: string },
): Promise<{ readonly code: number; readonly output: string; readonly stdout: string }> {
  const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: options.cwd, SSL_CERT_FILE: options.caFile, NO_COLOR: '1' }
  try {
    const { stdout, stderr } = await run(binary, [...args], { cwd: options.cwd, env, maxBuffer: 16 << 20 })
    return { code: 0, output: stdout + stderr, stdout }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    const stdout = failed.stdout ?? ''
    return { code: typeof failed.code === 'number' ? failed.code : 1, output: `${stdout}${failed.stderr ?? ''}`, stdout }
  }
}
