import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rename, rm } from 'node:fs/promises'
import { createServer, connect } from 'node:net'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * The S3-compatible server the integration tests run: Versity's gateway over a temporary folder
 * (its posix backend), built from the Go module proxy once per machine and cached beside the
 * Node toolchain of scripts/provision.sh.
 */
const MODULE = 'github.com/versity/versitygw/cmd/versitygw'
const VERSION = 'v1.8.0'

export interface S3Server {
  readonly endpoint: string
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string }
  createBucket(name: string): Promise<void>
  stop(): Promise<void>
}

/** Why the S3 tests cannot run here, or undefined when they can. */
export function whyNoS3Server(): string | undefined {
  if (existsSync(cachedBinary())) return undefined
  const go = spawnSync('go', ['version'], { stdio: 'ignore' })
  return go.status === 0 ? undefined : `Go is not installed, so ${MODULE}@${VERSION} cannot be built`
}

export async function startS3Server(): Promise<S3Server> {
  const binary = await buildOnce()
  const data = await mkdtemp(join(tmpdir(), 'cairn-s3-'))
  const port = await freePort()
  const credentials = { accessKeyId: 'cairn-test', secretAccessKey: 'cairn-test-secret' }
  const server = spawn(binary, ['--port', `127.0.0.1:${port}`, '--quiet', 'posix', data], {
    env: {
      ...process.env,
      ROOT_ACCESS_KEY_ID: credentials.accessKeyId,
      ROOT_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  server.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  await waitForPort(port, server, () => stderr)
  return {
    endpoint: `http://127.0.0.1:${port}`,
    credentials,
    async createBucket(name) {
      const admin = new S3Client({ endpoint: `http://127.0.0.1:${port}`, credentials, region: 'us-east-1', forcePathStyle: true })
      try {
        await admin.send(new CreateBucketCommand({ Bucket: name }))
      } finally {
        admin.destroy()
      }
    },
    async stop() {
      await stopProcess(server)
      await rm(data, { recursive: true, force: true })
    },
  }
}

function cachedBinary(): string {
  // The same folder as scripts/provision.sh uses for Node and pnpm.
  const cache = process.env['CAIRN_TOOLS'] ?? join(process.env['XDG_CACHE_HOME'] ?? join(homedir(), '.cache'), 'cairn-tools')
  return join(cache, `versitygw-${VERSION}`, 'versitygw')
}

/** Builds into a folder of its own, then renames it into place: two builds at once do no harm. */
async function buildOnce(): Promise<string> {
  const binary = cachedBinary()
  if (existsSync(binary)) return binary
  const folder = join(binary, '..')
  const partial = `${folder}.partial-${process.pid}`
  process.stderr.write(`building ${MODULE}@${VERSION} for the S3 tests (once per machine, about two minutes)\n`)
  const env = { ...process.env, GOBIN: partial }
  const build = spawn('go', ['install', `${MODULE}@${VERSION}`], { env, stdio: 'inherit' })
  const status = await new Promise<number | null>((resolve) => build.on('close', resolve))
  if (status !== 0) throw new Error(`go install ${MODULE}@${VERSION} failed with status ${status}`)
  await rename(partial, folder).catch(async (error: unknown) => {
    // Another build finished first; its binary is as good as ours.
    await rm(partial, { recursive: true, force: true })
    if (!existsSync(binary)) throw error
  })
  return binary
}

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const address = probe.address()
  await new Promise((resolve) => probe.close(resolve))
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

async function waitForPort(port: number, server: ChildProcess, stderr: () => string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`versitygw exited with ${server.exitCode}: ${stderr()}`)
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => resolve(true)).once('error', () => resolve(false))
      socket.once('connect', () => socket.destroy())
    })
    if (open) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  server.kill()
  throw new Error(`versitygw did not listen on port ${port} within 10 s: ${stderr()}`)
}

async function stopProcess(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return
  const exited = new Promise((resolve) => server.once('exit', resolve))
  server.kill('SIGTERM')
  await exited
}
