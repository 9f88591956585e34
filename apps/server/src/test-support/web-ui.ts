import { collect, tarGz } from '@cairn/test-fixtures'
import { untilSettled } from '@cairn/testing'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import { loadConfig } from '../cli/config.ts'
import { startServer } from '../cli/serve.ts'
import { launchChromium, whyNoBrowser } from './browser.ts'
import { userToken } from './cli.ts'
import { latestStatusOf, type VersionDocument } from './registry-client.ts'

const JSON_API = 'application/vnd.api+json'
/** How long the setup may take: two published versions, one of them 1 MiB, and a browser. */
export const SETUP_TIMEOUT = 120_000

/** A README that tries everything, padded to just under the analyser's 1 MiB limit. */
const HOSTILE_README = [
  '# Hostile module',
  '<script>window.pwned = "script"</script>',
  '<img src="https://127.0.0.1:1/x.png" onerror="window.pwned = \'onerror\'">',
  '[a link](javascript:window.pwned="link")',
  '<a href="javascript:window.pwned=\'raw\'">raw link</a>',
  '![pixel](data:image/png;base64,iVBORw0KGgo=)',
  '<iframe src="data:text/html,<script>parent.pwned=1</script>"></iframe>',
  'padding '.repeat((1024 * 1024 - 4096) / 8),
].join('\n\n')

/** A module taking `variable`, with a submodule and an example unless its README leaves no room for another (1 MiB in all). */
export async function moduleArchive(variable: string, readme: string, parts = true): Promise<Uint8Array> {
  const main = `variable "${variable}" {\n  type        = string\n  description = "The ${variable} to use"\n}\n\noutput "id" {\n  value = var.${variable}\n}\n`
  const subnet =
    'variable "cidr" {\n  type = string\n}\n\nresource "null_resource" "subnet" {}\n\noutput "subnet_id" {\n  value = null_resource.subnet.id\n}\n'
  const root = [
    { path: 'main.tf', body: main },
    { path: 'README.md', body: readme },
  ]
  if (!parts) return collect(tarGz(root))
  return collect(
    tarGz([
      ...root,
      { path: 'modules/subnet/main.tf', body: subnet },
      { path: 'modules/subnet/README.md', body: '# Subnet\n\nOne subnet of the network.' },
      { path: 'examples/basic/main.tf', body: 'module "vpc" {\n  source = "../.."\n}\n' },
    ]),
  )
}

/** Why the web UI's browser tests cannot run here, said on the console as they skip, or undefined when they can. */
export function whyNoWebUiBrowser(): string | undefined {
  const skipped = whyNoBrowser()
  if (skipped !== undefined) console.warn(`\n!!! SKIPPING the browser tests of the web UI: ${skipped}\n`)
  return skipped
}

export const versionPath = (organization: string, version: string) =>
  `/api/v2/organizations/${organization}/registry-modules/private/${organization}/vpc/aws/version?module_version=${version}`

/**
 * A real Cairn (PGlite, filesystem blobs, the real archive analyser) and headless Chromium on it,
 * with its Content-Security-Policy enforced. Organizations acme (of `owner`) and other (of
 * `stranger`) each hold vpc/aws, dns/aws and vpc/google; acme's vpc/aws has 1.0.0, whose README is
 * hostile, and 1.1.0, with a submodule and an example. `page` may read and write the clipboard.
 */
export interface WebUi {
  readonly url: string
  readonly tokens: { readonly owner: string; readonly stranger: string }
  readonly browser: Browser
  readonly context: BrowserContext
  readonly page: Page
  readonly api: (token: string, method: string, path: string, body?: unknown) => Promise<Response>
  /** Sends `content` to a version's upload link and answers the version once its latest attempt settled. */
  readonly send: (
    token: string,
    target: { organization: string; version: string; upload: string },
    content: Uint8Array,
  ) => Promise<VersionDocument>
  stop(): Promise<void>
}

/** Starts the server and the browser; `signedInAs: 'owner'` signs `page` in with the owner's token, as a visitor does. */
export async function startWebUi(options: { signedInAs?: 'owner' } = {}): Promise<WebUi> {
  const env = { CAIRN_DATA_DIR: join(mkdtempSync(join(tmpdir(), 'cairn-web-')), 'data'), PORT: '0' }
  const tokens = { owner: await userToken(env, 'owner'), stranger: await userToken(env, 'stranger') }
  const server = await startServer(loadConfig(env))
  let browser: Browser | undefined
  const stop = async () => {
    await browser?.close()
    await server.stop()
  }
  try {
    const api = apiOf(server.url)
    const send = sendOf(api)
    // The first administrator, made as on a new installation, opens organization creation to everyone.
    const created = await fetch(`${server.url}/admin/initial-admin-user?token=${server.initialAdminToken ?? ''}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'root', email: 'root@example.com', password: 'a long enough password' }),
    })
    expect(created.status).toBe(200)
    const { token: adminToken } = (await created.json()) as { token: string }
    await api(adminToken, 'PATCH', '/api/v2/admin/general-settings', {
      data: { type: 'general-settings', attributes: { 'limit-user-organization-creation': false } },
    })
    await seed(tokens, { api, send })
    browser = await launchChromium()
    const context = await browser.newContext()
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
    const page = await context.newPage()
    if (options.signedInAs === 'owner') await signIn(page, server.url, tokens.owner)
    return { url: server.url, tokens, browser, context, page, api, send, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

function apiOf(url: string): WebUi['api'] {
  return async (token, method, path, body) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': JSON_API },
      ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    })
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
    return response
  }
}

function sendOf(api: WebUi['api']): WebUi['send'] {
  return async (token, target, content) => {
    const uploaded = await fetch(target.upload, { method: 'PUT', body: Buffer.from(content) })
    expect(uploaded.status).toBe(200)
    const read = async () => (await (await api(token, 'GET', versionPath(target.organization, target.version))).json()) as VersionDocument
    return untilSettled(read, latestStatusOf)
  }
}

/** The organizations, their modules and acme's two versions of vpc/aws. */
async function seed(tokens: WebUi['tokens'], { api, send }: Pick<WebUi, 'api' | 'send'>): Promise<void> {
  const publish = async (token: string, organization: string, version: string, content: Uint8Array): Promise<void> => {
    const body = { data: { type: 'registry-module-versions', attributes: { version } } }
    const created = await api(
      token,
      'POST',
      `/api/v2/organizations/${organization}/registry-modules/private/${organization}/vpc/aws/versions`,
      body,
    )
    const { data } = (await created.json()) as { data: { links: { upload: string } } }
    expect((await send(token, { organization, version, upload: data.links.upload }, content)).data.attributes.status).toBe('ok')
  }
  for (const [token, organization] of [
    [tokens.owner, 'acme'],
    [tokens.stranger, 'other'],
  ] as const) {
    await api(token, 'POST', '/api/v2/organizations', {
      data: { type: 'organizations', attributes: { name: organization, email: `ops@${organization}.test` } },
    })
    for (const [name, provider] of [
      ['vpc', 'aws'],
      ['dns', 'aws'],
      ['vpc', 'google'],
    ]) {
      await api(token, 'POST', `/api/v2/organizations/${organization}/registry-modules`, {
        data: { type: 'registry-modules', attributes: { name, provider } },
      })
    }
  }
  await publish(tokens.owner, 'acme', '1.0.0', await moduleArchive('region', HOSTILE_README, false))
  await publish(tokens.owner, 'acme', '1.1.0', await moduleArchive('zone', '# VPC\n\nA network.'))
}

/** Signs `page` in with `token` from the sign-in page, as a visitor does. */
async function signIn(page: Page, url: string, token: string): Promise<void> {
  await page.goto(`${url}/app/sign-in`)
  await page.getByLabel('API token').fill(token)
  await page.getByRole('button', { name: 'Sign in with the token' }).click()
  // expect.poll runs only inside a test: this runs before them.
  await page.waitForURL((url) => url.pathname === '/app/')
}
