import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const CAIRN = join(ROOT, 'apps/server/src/cli/main.ts')
const BARE = join(ROOT, 'bench/bare-server.ts')
const START_TIMEOUT_MS = 60_000

/**
 * Node options for the Cairn server processes only (not the CLI, the bare server or this
 * process), from `BENCH_CAIRN_NODE_ARGS`: to measure a runtime flag, e.g. `--max-semi-space-size=1`.
 */
// The flags `pnpm start` and scripts/start.sh give the server (docs/operations.md, "Sizing"): `gc`
// exposed, so that the buffers of a streamed upload are collected as they pile up
// (`paceBufferGarbage`), and a young generation of 8 MiB semi-spaces rather than V8's 32 MiB.
// WebAssembly's tier is the embedded store's own business (wasm-baseline-tier.ts), as in a host under plain `node`.
export const CAIRN_NODE_ARGS: readonly string[] = (process.env['BENCH_CAIRN_NODE_ARGS'] ?? '--expose-gc --max-semi-space-size=8')
  .split(/\s+/)
  .filter(Boolean)
/** Where `pnpm start` keeps Node's compile cache: the TypeScript stripped and compiled once, not at every start. */
const COMPILE_CACHE = join(ROOT, 'node_modules/.cache/node-compile-cache')

/** A server running as a child process of the benchmark. */
export interface ServerProcess {
  /** `http://127.0.0.1:<port>`: an address, not a name, so that no lookup is measured. */
  readonly url: string
  readonly pid: number
  stop(): Promise<void>
}

export interface CairnProcess extends ServerProcess {
  /** The token of the site administrator created before the server started. */
  readonly token: string
  readonly dataDir: string
}

export interface CairnOptions {
  /** Extra environment, e.g. `CAIRN_ARCHIVE_MAX_ENTRY_BYTES` or `DATABASE_URL`. */
  readonly env?: Readonly<Record<string, string>>
  /** A data directory the caller owns: `stop()` keeps it, so a later server can reopen it. */
  readonly dataDir?: string
  /** The token of a site administrator already in the store; else one is created. */
  readonly token?: string
}

/**
 * The environment of a child: ours without any Cairn setting, so that every run measures the
 * same thing (embedded PGlite, blobs on the local disk, default limits) whatever the shell holds.
 */
function cleanEnv(extra: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.startsWith('CAIRN_') && name !== 'DATABASE_URL' && name !== 'PORT') env[name] = value
  }
  return { ...env, ...extra }
}

/**
 * Starts Cairn as `node apps/server/src/cli/main.ts serve` on a free port and a fresh data
 * directory, after creating a site administrator with the CLI (the embedded database takes one
 * process at a time, so the user is created before the server opens it).
 */
export async function startCairn(options: CairnOptions = {}): Promise<CairnProcess> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'cairn-bench-')))
  const env = cleanEnv({ ...options.env, CAIRN_DATA_DIR: dataDir, PORT: '0' })
  const removeDataDir = () => (options.dataDir === undefined ? rm(dataDir, { recursive: true, force: true }) : Promise.resolve())
  try {
    const token = options.token ?? (await createAdministrator(env))
    const server = await startChild(
      [...CAIRN_NODE_ARGS, CAIRN, 'serve'],
      { ...env, NODE_COMPILE_CACHE: COMPILE_CACHE },
      /listening on (http:\/\/\S+)/,
    )
    return {
      ...server,
      token,
      dataDir,
      async stop() {
        await server.stop()
        await removeDataDir()
      },
    }
  } catch (error) {
    await removeDataDir()
    throw error
  }
}

async function createAdministrator(env: NodeJS.ProcessEnv): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [CAIRN, 'user', 'create', '--username', 'bench', '--email', 'bench@example.com', '--site-admin'],
    { cwd: ROOT, env },
  )
  return (JSON.parse(stdout) as { token: string }).token
}

/** Starts the bare Hono endpoint of `bare-server.ts`: the floor every ratio is taken against. */
export function startBare(): Promise<ServerProcess> {
  return startChild([BARE], cleanEnv({ PORT: '0' }), /listening on (http:\/\/\S+)/)
}

/** Spawns `node <args>` and waits for the line that names its URL. */
async function startChild(args: readonly string[], env: NodeJS.ProcessEnv, listening: RegExp): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  let started = false
  let stopping = false
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    output += text
    // A server that logs an error while it is measured says so at once, not after the run.
    if (started && !stopping) process.stderr.write(`[server ${child.pid}] ${text}`)
  })
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`no "listening" line within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS)
    const fail = (error: Error): void => {
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(new Error(`node ${args.join(' ')} did not start: ${error.message}\n${output}`))
    }
    child.once('error', fail)
    child.once('exit', (code, signal) => fail(new Error(`exited with ${code ?? signal}`)))
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      // Once it serves, Cairn logs a line per request: only its errors are kept, and shown at once.
      // One search of the chunk before splitting it: reading the log is work for this process,
      // which also generates the load, and the bare endpoint logs nothing.
      if (started) {
        if (!stopping && ERROR_LEVEL.test(text))
          for (const line of text.split('\n').filter(isErrorLine)) process.stderr.write(`[server ${child.pid}] ${line}\n`)
        return
      }
      output += text
      const match = listening.exec(output)
      if (match?.[1] === undefined || started) return
      started = true
      clearTimeout(timer)
      child.removeAllListeners('exit')
      resolve(match[1].replace('//localhost:', '//127.0.0.1:'))
    })
  })
  const stop = (): Promise<void> => {
    stopping = true
    return stopChild(child)
  }
  return { url, pid: child.pid ?? -1, stop }
}

/** A JSON log line of level error (50) or fatal (60), at the start of any line of a chunk. */
const ERROR_LEVEL = /^\{"level":(50|60),/m

function isErrorLine(line: string): boolean {
  return ERROR_LEVEL.test(line)
}

/** SIGTERM, then SIGKILL if the process has not exited within ten seconds. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit')
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}
