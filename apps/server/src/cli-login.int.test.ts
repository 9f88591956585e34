import { spawn } from 'node:child_process'
import { chmod, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { untilSettled } from '@cairn/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startGreetingRegistry, type GreetingRegistry } from './test-support/greeting-registry.ts'
import { httpsRequest } from './test-support/https-client.ts'
import { approveLoginInBrowser } from './test-support/login-browser.ts'
import { MODULE_CLIS } from './test-support/module-clis.ts'
import { canUnshareMounts, TOFU_VERSION } from './test-support/opentofu.ts'
import { SERVER_STORES } from './test-support/server-stores.ts'
import { installedModules, tofuInit } from './test-support/tofu-init-workspace.ts'

/** A dotted name, as the CLIs insist on for hosts, that only the CLI's own hosts file knows. */
const HOST = 'registry.cairn.test'
const LOGIN_CLIS = MODULE_CLIS.filter(({ cli, product }) => cli === `OpenTofu ${TOFU_VERSION}` || product === 'Terraform')
for (const { cli, skipped } of LOGIN_CLIS) if (skipped !== undefined) console.warn(`\n!!! SKIPPING the ${cli} login test: ${skipped}\n`)
const unshare = canUnshareMounts()
if (!unshare) console.warn(`\n!!! SKIPPING the login tests: ${HOST} cannot be given its own hosts file here (unshare -m refused)\n`)
const [, embedded] = SERVER_STORES[0] ?? []

/** Runs `<cli> login <host>` as a user at a terminal would, answering "yes"; its URL "opened" by a stand-in xdg-open. */
async function startLogin(binary: string, options: { readonly dir: string; readonly hostPort: string; readonly caFile: string }) {
  const { dir } = options
  const opened = join(dir, 'opened-urls')
  const bin = join(dir, 'bin')
  await mkdir(bin)
  // Both CLIs look for xdg-open first on Linux: this one records the URL instead of starting a browser.
  await writeFile(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s\\n' "$1" >> '${opened}'\n`)
  await chmod(join(bin, 'xdg-open'), 0o755)
  const cliConfigFile = join(dir, 'cli.tfrc')
  await writeFile(cliConfigFile, '')
  const hostsFile = join(dir, 'hosts')
  await writeFile(hostsFile, `127.0.0.1 localhost ${HOST}\n`)
  const env = {
    PATH: `${bin}:${process.env['PATH'] ?? '/usr/bin:/bin'}`,
    HOME: dir,
    TF_CLI_CONFIG_FILE: cliConfigFile,
    SSL_CERT_FILE: options.caFile,
    NO_COLOR: '1',
  }
  const child = spawn(
    'unshare',
    ['-m', 'sh', '-c', 'mount --bind "$0" /etc/hosts && exec "$@"', hostsFile, binary, 'login', '-no-color', options.hostPort],
    {
      cwd: dir,
      env,
    },
  )
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stdin.end('yes\n')
  const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)))
  const authzUrl = async () => {
    const url = await untilSettled(
      () => readFile(opened, 'utf8').catch(() => ''),
      (text) => (text.trim() === '' ? 'pending' : 'ok'),
      60_000,
    )
    return url.trim().split('\n')[0] ?? ''
  }
  return { authzUrl, exited, output: () => output, kill: () => child.kill() }
}

describe.skipIf(!unshare || embedded === undefined || LOGIN_CLIS.every(({ skipped }) => skipped !== undefined))(
  'terraform login and tofu login against Cairn over HTTPS with discovery (login.v1)',
  () => {
    let registry: GreetingRegistry
    let hostPort: string

    beforeAll(async () => {
      if (embedded === undefined) throw new Error('no embedded store')
      registry = await startGreetingRegistry(HOST, embedded)
      hostPort = `${HOST}:${new URL(registry.server.url).port}`
    }, 20 * 60_000)
    afterAll(() => registry?.dispose())

    describe.each(LOGIN_CLIS)('$cli', ({ skipped, binary: findBinary, product }) => {
      it.skipIf(skipped !== undefined)(
        'the browser approves on the page, the token lands in credentials.tfrc.json, works for the API and installs a private module',
        async () => {
          const binary = await findBinary()
          const dir = await mkdtemp(join(registry.scratch, 'login-'))
          const login = await startLogin(binary, { dir, hostPort, caFile: registry.ca.caFile })
          try {
            const authzUrl = await login.authzUrl()
            expect(authzUrl).toMatch(new RegExp(`^https://${hostPort.replace('.', '\\.')}/app/login/authorize\\?`))
            const asked = new URL(authzUrl).searchParams
            expect(asked.get('client_id')).toBe('terraform-cli')
            expect(asked.get('code_challenge_method')).toBe('S256')
            expect(asked.get('redirect_uri')).toMatch(/^http:\/\/localhost:100(0\d|10)\/login$/)
            await approveLoginInBrowser({ serverUrl: registry.server.url, ca: registry.caPem, token: registry.token, authzUrl })
            expect(await login.exited, login.output()).toBe(0)
          } finally {
            login.kill()
          }
          expect(login.output()).toContain(`Success! ${product} has obtained and saved an API token.`)
          const credentials = JSON.parse(await readFile(join(dir, '.terraform.d', 'credentials.tfrc.json'), 'utf8')) as {
            credentials: Record<string, { token: string }>
          }
          const token = credentials.credentials[hostPort]?.token ?? ''
          expect(token).toMatch(/^at-\w+\.cairn\./)
          const account = await httpsRequest(`${registry.server.url}/api/v2/account/details`, {
            ca: registry.caPem,
            headers: { Authorization: `Bearer ${token}` },
          })
          expect(account.status).toBe(200)
          expect(JSON.parse(account.body.toString())).toMatchObject({ data: { attributes: { username: 'owner' } } })
          const setup = {
            binary,
            scratch: registry.scratch,
            host: HOST,
            serverUrl: registry.server.url,
            caFile: registry.ca.caFile,
            unshare,
          }
          const init = await tofuInit(
            setup,
            `module "greeting" {\n  source  = "${hostPort}/acme/greeting/generic"\n  version = "1.0.0"\n}\n`,
            token,
          )
          expect(init.output).toContain(`${product} has been successfully initialized`)
          expect((await installedModules(init.dir)).get('greeting')?.version).toBe('1.0.0')
        },
        180_000,
      )
    })
  },
)
