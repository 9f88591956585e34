import { collect, tarGz } from '@cairn/test-fixtures'
import { untilSettled } from '@cairn/testing'
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from './cli/serve.ts'
import { loadConfig } from './cli/config.ts'
import { launchChromium, seriousViolations, whyNoBrowser } from './test-support/browser.ts'
import { userToken } from './test-support/cli.ts'
import { latestStatusOf, type VersionDocument } from './test-support/registry-client.ts'

const JSON_API = 'application/vnd.api+json'
/** A status as the API spells it: no page or message of the UI shows one. */
const RAW_STATUS = /\b(pending|cloning|clone_failed|reg_ingress_req_failed|reg_ingressing|reg_ingress_failed|ok|no_version_tags|setup_failed|setup_complete)\b/
const skipped = whyNoBrowser()
if (skipped !== undefined) console.warn(`\n!!! SKIPPING the browser tests of the web UI: ${skipped}\n`)

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
async function archive(variable: string, readme: string, parts = true): Promise<Uint8Array> {
  const main = `variable "${variable}" {\n  type        = string\n  description = "The ${variable} to use"\n}\n\noutput "id" {\n  value = var.${variable}\n}\n`
  const subnet = 'variable "cidr" {\n  type = string\n}\n\nresource "null_resource" "subnet" {}\n\noutput "subnet_id" {\n  value = null_resource.subnet.id\n}\n'
  const root = [{ path: 'main.tf', body: main }, { path: 'README.md', body: readme }]
  if (!parts) return collect(tarGz(root))
  return collect(tarGz([
    ...root,
    { path: 'modules/subnet/main.tf', body: subnet },
    { path: 'modules/subnet/README.md', body: '# Subnet\n\nOne subnet of the network.' },
    { path: 'examples/basic/main.tf', body: 'module "vpc" {\n  source = "../.."\n}\n' },
  ]))
}

/**
 * The web UI in headless Chromium against a real Cairn (PGlite, filesystem blobs, the real
 * archive analyser), with its Content-Security-Policy enforced.
 */
describe.skipIf(skipped !== undefined)('the web UI in a real browser', { timeout: 30_000 }, () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'cairn-web-')), 'data')
  const env = { CAIRN_DATA_DIR: dataDir, PORT: '0' }
  let server: RunningServer
  let browser: Browser
  let context: BrowserContext
  let page: Page
  const tokens = { owner: '', stranger: '' }

  async function api(token: string, method: string, path: string, body?: unknown): Promise<Response> {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': JSON_API },
      ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    })
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
    return response
  }

  const versionPath = (organization: string, version: string) => `/api/v2/organizations/${organization}/registry-modules/private/${organization}/vpc/aws/version?module_version=${version}`

  /** Sends `content` to a version's upload link and answers the version once its latest attempt settled. */
  async function send(token: string, target: { organization: string; version: string; upload: string }, content: Uint8Array): Promise<VersionDocument> {
    const uploaded = await fetch(target.upload, { method: 'PUT', body: Buffer.from(content) })
    expect(uploaded.status).toBe(200)
    const read = async () => (await (await api(token, 'GET', versionPath(target.organization, target.version))).json()) as VersionDocument
    return untilSettled(read, latestStatusOf)
  }

  async function publish(token: string, organization: string, version: string, content: Uint8Array): Promise<void> {
    const body = { data: { type: 'registry-module-versions', attributes: { version } } }
    const created = await api(token, 'POST', `/api/v2/organizations/${organization}/registry-modules/private/${organization}/vpc/aws/versions`, body)
    const { data } = (await created.json()) as { data: { links: { upload: string } } }
    expect((await send(token, { organization, version, upload: data.links.upload }, content)).data.attributes.status).toBe('ok')
  }

  beforeAll(async () => {
    tokens.owner = await userToken(env, 'owner')
    tokens.stranger = await userToken(env, 'stranger')
    server = await startServer(loadConfig(env))
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
    for (const [token, organization] of [[tokens.owner, 'acme'], [tokens.stranger, 'other']] as const) {
      await api(token, 'POST', '/api/v2/organizations', { data: { type: 'organizations', attributes: { name: organization, email: `ops@${organization}.test` } } })
      for (const [name, provider] of [['vpc', 'aws'], ['dns', 'aws'], ['vpc', 'google']]) {
        await api(token, 'POST', `/api/v2/organizations/${organization}/registry-modules`, { data: { type: 'registry-modules', attributes: { name, provider } } })
      }
    }
    await publish(tokens.owner, 'acme', '1.0.0', await archive('region', HOSTILE_README, false))
    await publish(tokens.owner, 'acme', '1.1.0', await archive('zone', '# VPC\n\nA network.'))
    browser = await launchChromium()
    context = await browser.newContext()
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
    page = await context.newPage()
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('sends a signed-out visitor to sign in, and a token signs them in', async () => {
    await page.goto(`${server.url}/`)
    expect(new URL(page.url()).pathname).toBe('/app/sign-in')
    await page.getByLabel('API token').fill(tokens.owner)
    await page.getByRole('button', { name: 'Sign in with the token' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/')
    await expect.poll(() => page.getByText('Signed in as owner').count()).toBe(1)
    const cookies = await context.cookies()
    expect(cookies.find((c) => c.name === 'cairn_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
  })

  it('keyboard navigation reaches the search field, and searching as you type narrows the list', async () => {
    await page.getByRole('link', { name: 'acme' }).click()
    await expect.poll(() => page.getByText('3 modules').count()).toBe(1)
    let reached = false
    for (let i = 0; i < 10 && !reached; i++) {
      await page.keyboard.press('Tab')
      reached = await page.evaluate(() => document.activeElement?.id === 'q')
    }
    expect(reached).toBe(true)
    await page.keyboard.type('vp')
    await expect.poll(() => page.getByText('2 modules').count()).toBe(1)
    expect(new URL(page.url()).searchParams.get('q')).toBe('vp')
    await page.getByLabel('Provider').fill('aws')
    await expect.poll(() => page.getByText('1 module', { exact: true }).count()).toBe(1)
    await page.getByLabel('Name').fill('nothing')
    await expect.poll(() => page.getByText('No module matches').count()).toBe(1)
    await page.getByLabel('Name').fill('')
    await page.getByLabel('Provider').fill('')
    const firstModule = () => page.locator('#results .modules a').first().getAttribute('href')
    await expect.poll(firstModule).toBe('/app/acme/dns/aws')
    // Only vpc/aws has a version ready: it was published last.
    await page.getByLabel('Sort by').selectOption('recently-published')
    await expect.poll(firstModule).toBe('/app/acme/vpc/aws')
  })

  it('opens a module: the latest version, its inputs, switching versions and tabs by keyboard', async () => {
    await page.goto(`${server.url}/app/acme?q=vpc&provider=aws`)
    await page.getByRole('link', { name: 'vpc' }).click()
    await expect.poll(() => page.getByRole('rowheader', { name: 'zone' }).count()).toBe(1)
    expect(await page.getByRole('rowheader', { name: 'region' }).count()).toBe(0)
    await page.getByLabel('Version', { exact: true }).selectOption('1.0.0')
    await expect.poll(() => page.getByRole('rowheader', { name: 'region' }).count()).toBe(1)
    expect(new URL(page.url()).searchParams.get('version')).toBe('1.0.0')

    const inputsTab = page.getByRole('tab', { name: /Inputs/ })
    expect(await inputsTab.getAttribute('aria-selected')).toBe('true')
    expect(await page.locator('#outputs').isVisible()).toBe(false)
    await inputsTab.focus()
    await page.keyboard.press('ArrowRight')
    expect(await page.getByRole('tab', { name: /Outputs/ }).getAttribute('aria-selected')).toBe('true')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tab-outputs')
    expect(await page.locator('#outputs').isVisible()).toBe(true)
    await page.getByRole('tab', { name: /Resources/ }).click()
    expect(await page.locator('#resources').isVisible()).toBe(true)
  })

  it('a hostile 1 MiB README runs nothing and the page stays bounded', async () => {
    const response = await page.goto(`${server.url}/app/acme/vpc/aws?version=1.0.0`)
    expect((await response?.body())?.length).toBeLessThan(400 * 1024)
    await page.getByRole('heading', { name: 'Hostile module' }).waitFor()
    await page.getByText('raw link').click()
    expect(await page.evaluate(() => (window as unknown as { pwned?: unknown }).pwned)).toBeUndefined()
    expect(await page.locator('.readme script, .readme iframe, .readme [onerror]').count()).toBe(0)
  })

  it('copies the usage snippet', async () => {
    await page.goto(`${server.url}/app/acme/vpc/aws`)
    await page.getByRole('button', { name: 'Copy snippet' }).click()
    await expect.poll(() => page.getByText('Copied to the clipboard.').count()).toBe(1)
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toBe(`module "vpc" {\n  source  = "${new URL(server.url).host}/acme/vpc/aws"\n  version = "1.1.0"\n}`)
  })

  it("a submodule's page, from the Submodules tab: its inputs, outputs, README and the //modules usage snippet", async () => {
    await page.goto(`${server.url}/app/acme/vpc/aws`)
    await page.getByRole('tab', { name: 'Submodules (1)' }).click()
    expect(await page.locator('#submodules li').textContent()).toBe('modules/subnet: 1 input, 1 output, 1 resource')
    await page.getByRole('link', { name: 'modules/subnet' }).click()
    await expect.poll(() => page.locator('main > h1').textContent()).toBe('modules/subnet')
    expect(await page.getByRole('rowheader', { name: 'cidr' }).count()).toBe(1)
    await page.getByRole('tab', { name: /Outputs/ }).click()
    expect(await page.getByRole('rowheader', { name: 'subnet_id' }).isVisible()).toBe(true)
    expect(await page.locator('.readme').textContent()).toContain('One subnet of the network.')
    await page.getByRole('button', { name: 'Copy snippet' }).click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(
      `module "subnet" {\n  source  = "${new URL(server.url).host}/acme/vpc/aws//modules/subnet"\n  version = "1.1.0"\n}`,
    )
  })

  it('an empty organization shows the ways to a first module: the API commands, copied and run as they are, publish one', async () => {
    await api(tokens.owner, 'POST', '/api/v2/organizations', { data: { type: 'organizations', attributes: { name: 'fresh', email: 'ops@fresh.test' } } })
    await page.goto(`${server.url}/app/fresh`)
    expect(await page.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['1. With the API', '2. Upload in this page', '3. From a repository'])
    await page.getByRole('button', { name: 'Copy the API commands' }).click()
    await expect.poll(() => page.getByText('Copied to the clipboard.').count()).toBe(1)
    const commands = await page.evaluate(() => navigator.clipboard.readText())
    expect(commands).toContain(`API=${server.url}/api/v2`)
    // The other two ways need a person (the page's form) or a git host: their commands are at least shell.
    for (const id of ['first-module-upload', 'first-module-vcs']) await promisify(execFile)('bash', ['-n', '-c', (await page.locator(`#${id}`).textContent()) ?? ''])
    const moduleDir = mkdtempSync(join(tmpdir(), 'cairn-first-module-'))
    writeFileSync(join(moduleDir, 'main.tf'), 'variable "cidr" {\n  type = string\n}\n')
    // Only the placeholders the page asks its reader to fill are filled.
    const script = commands.replace('<your API token>', tokens.owner).replace('~/path/to/your/module', moduleDir)
    await promisify(execFile)('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd: moduleDir }).finally(() => rmSync('/tmp/vpc.tar.gz', { force: true }))
    const read = async () => (await (await api(tokens.owner, 'GET', versionPath('fresh', '1.0.0'))).json()) as VersionDocument
    expect((await untilSettled(read, latestStatusOf)).data.attributes.status).toBe('ok')
    await page.reload()
    expect(await page.getByRole('link', { name: 'vpc' }).count()).toBe(1)
  })

  /** Uploads `content` as `version` from the module page's form, as a manager does. */
  async function uploadFromPage(version: string, content: Buffer): Promise<void> {
    await page.getByLabel('Version number').fill(version)
    await page.getByLabel('Archive (.tar.gz)').setInputFiles({ name: 'vpc.tar.gz', mimeType: 'application/gzip', buffer: content })
    await page.getByRole('button', { name: 'Upload' }).click()
  }

  it('a broken archive sent again to a Ready version leaves it Ready, the failed attempt shown; a good one from the page clears it', async () => {
    // As a CI job run again would: to the upload link the API hands the version's managers.
    const shown = (await (await api(tokens.owner, 'GET', versionPath('acme', '1.1.0'))).json()) as VersionDocument
    const refused = await send(tokens.owner, { organization: 'acme', version: '1.1.0', upload: shown.data.links.upload ?? '' }, Buffer.from('not a tarball'))
    expect(refused.data.attributes).toMatchObject({ status: 'ok', attempt: { status: 'reg_ingress_failed' } })
    await page.goto(`${server.url}/app/acme/vpc/aws?version=1.1.0`)
    expect(await page.locator('.facts dd').first().textContent()).toBe('Ready')
    const attempt = page.locator('.attempt')
    expect(await attempt.getAttribute('class')).toContain('error')
    expect(await attempt.locator('p').first().textContent()).toBe(`Failed: ${refused.data.attributes.attempt?.error ?? ''}`)
    expect(await attempt.textContent()).toMatch(/came from upload link issued to user owner, \d{4}-\d\d-\d\d \d\d:\d\d UTC\. The version is still served with its previous archive\./)
    expect(await page.getByRole('rowheader', { name: 'zone' }).count()).toBe(1)
    expect(await page.content()).not.toMatch(RAW_STATUS)

    expect(await page.getByLabel('Version number').inputValue()).toBe('1.1.0')
    await uploadFromPage('1.1.0', Buffer.from(await archive('zone', '# VPC\n\nA network.')))
    // The script opens the version again once the new archive is ready: without the attempt.
    await expect.poll(() => attempt.count(), { timeout: 20_000 }).toBe(0)
    expect(await page.locator('.facts dd').first().textContent()).toBe('Ready')
    expect(await page.content()).not.toMatch(RAW_STATUS)
    const settled = (await (await api(tokens.owner, 'GET', versionPath('acme', '1.1.0'))).json()) as VersionDocument
    expect(settled.data.attributes).toMatchObject({ status: 'ok', attempt: null })
  })

  it('a manager uploads a version and watches it become ok; a broken archive shows failed with the reason', async () => {
    await page.goto(`${server.url}/app/acme/vpc/aws`)
    await uploadFromPage('2.0.0', Buffer.from(await archive('cluster', '# Two')))
    await expect.poll(() => page.getByRole('rowheader', { name: 'cluster' }).count(), { timeout: 20_000 }).toBe(1)
    expect(new URL(page.url()).searchParams.get('version')).toBe('2.0.0')

    await uploadFromPage('2.1.0', Buffer.from('not a tarball'))
    await expect.poll(() => page.locator('.upload-status').textContent(), { timeout: 20_000 }).toMatch(/^Version 2\.1\.0 — Failed: .+/)
    expect(await page.locator('.upload-status').getAttribute('class')).toContain('error')
    expect(await page.content()).not.toMatch(RAW_STATUS)
  })

  it('a manager uploads a failed version again and watches it become Ready', async () => {
    await page.goto(`${server.url}/app/acme/vpc/aws?version=2.1.0`)
    expect(await page.locator('p.error').textContent()).toMatch(/^Failed: .+/)
    expect(await page.getByText('Published').count()).toBe(0)
    expect(await page.content()).not.toMatch(RAW_STATUS)
    expect(await page.getByLabel('Version number').inputValue()).toBe('2.1.0')
    await uploadFromPage('2.1.0', Buffer.from(await archive('fixed', '# Fixed')))
    // Once the archive is sent (the script says so, or has opened the version), reload until the page shows it Ready.
    const status = page.locator('.facts dd').first()
    await expect
      .poll(async () => {
        if (/^(Creating|Uploading)/.test((await page.locator('.upload-status').textContent()) ?? '')) return 'sending'
        await page.reload()
        return status.textContent()
      }, { timeout: 20_000 })
      .toBe('Ready')
    expect(await page.getByRole('rowheader', { name: 'fixed' }).count()).toBe(1)
    expect(await page.getByText('Published').count()).toBe(1)
    expect(await page.content()).not.toMatch(RAW_STATUS)
  })

  it('an owner deletes a failed version after confirming; the page says so once', async () => {
    await page.goto(`${server.url}/app/acme/vpc/aws`)
    for (const version of ['2.2.0', '2.3.0']) {
      await uploadFromPage(version, Buffer.from('not a tarball either'))
      await expect.poll(() => page.locator('.upload-status').textContent(), { timeout: 20_000 }).toMatch(new RegExp(`^Version ${version.replaceAll('.', '\\.')} — Failed: .+`))
    }
    await page.goto(`${server.url}/app/acme/vpc/aws?version=2.2.0`)
    const confirm = page.getByRole('button', { name: 'Yes, delete version 2.2.0' })
    expect(await confirm.isVisible()).toBe(false)
    await page.getByText('Delete version 2.2.0', { exact: true }).click()
    await confirm.click()
    await expect.poll(() => page.locator('.notice').textContent()).toBe('Version 2.2.0 was deleted.')
    expect(new URL(page.url()).pathname).toBe('/app/acme/vpc/aws')
    expect(await page.content()).not.toMatch(RAW_STATUS)
    const offered = await page.getByLabel('Version', { exact: true }).locator('option').allTextContents()
    expect(offered).toContain('2.3.0 (Failed)')
    expect(offered.some((option) => option.startsWith('2.2.0'))).toBe(false)
    await page.reload()
    expect(await page.locator('.notice').count()).toBe(0)
  })

  it('stops watching a version still analysed after 5 minutes, and says so', async () => {
    const watcher = await context.newPage()
    await watcher.clock.install()
    // An analysis that never settles: the upload and every status read answer reg_ingressing.
    await watcher.route(/\/versions\/3\.0\.0\/status$|\/v1\/object\//, (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify(route.request().method() === 'PUT' ? { data: { attributes: { status: 'reg_ingressing' } } } : { tone: 'waiting', text: 'Processing' }) }),
    )
    await watcher.goto(`${server.url}/app/acme/dns/aws`)
    await watcher.getByLabel('Version number').fill('3.0.0')
    await watcher.getByLabel('Archive (.tar.gz)').setInputFiles({ name: 'dns.tar.gz', mimeType: 'application/gzip', buffer: Buffer.from('never analysed') })
    await watcher.getByRole('button', { name: 'Upload' }).click()
    await expect.poll(() => watcher.locator('.upload-status').textContent(), { timeout: 10_000 }).toBe('Analysing 3.0.0…')
    await watcher.clock.fastForward('05:01')
    await watcher.clock.runFor(1000)
    await expect.poll(() => watcher.locator('.upload-status').textContent(), { timeout: 10_000 }).toMatch(/3\.0\.0 is still being analysed after 5 minutes/)
    await watcher.close()
  })

  it('a user of another organization gets 404 for its pages', async () => {
    const other = await browser.newContext()
    const strangerPage = await other.newPage()
    await strangerPage.goto(`${server.url}/app/sign-in`)
    await strangerPage.getByLabel('API token').fill(tokens.stranger)
    await strangerPage.getByRole('button', { name: 'Sign in with the token' }).click()
    await expect.poll(() => strangerPage.getByText('Signed in as stranger').count()).toBe(1)
    for (const path of ['/app/acme', '/app/acme/vpc/aws']) {
      const response = await strangerPage.goto(`${server.url}${path}`)
      expect(response?.status(), path).toBe(404)
    }
    expect((await strangerPage.goto(`${server.url}/app/other`))?.status()).toBe(200)
    await other.close()
  })

  it('axe-core finds no serious or critical violation on any page', async () => {
    const scanning = await browser.newContext({ bypassCSP: true })
    const scan = await scanning.newPage()
    await scan.goto(`${server.url}/app/sign-in`)
    expect(await seriousViolations(scan)).toEqual([])
    await scan.getByLabel('API token').fill(tokens.owner)
    await scan.getByRole('button', { name: 'Sign in with the token' }).click()
    await expect.poll(() => new URL(scan.url()).pathname).toBe('/app/')
    await api(tokens.owner, 'POST', '/api/v2/organizations', { data: { type: 'organizations', attributes: { name: 'untouched', email: 'ops@untouched.test' } } })
    for (const path of ['/app/', '/app/untouched', '/app/acme', '/app/acme?q=nothing', '/app/acme/vpc/aws', '/app/acme/vpc/aws?version=1.0.0', '/app/acme/vpc/aws?version=2.3.0', '/app/acme/dns/aws', '/app/acme/vpc/aws/modules/subnet', '/app/acme/vpc/aws/examples/basic', '/app/nope']) {
      await scan.goto(`${server.url}${path}`)
      expect(await seriousViolations(scan), path).toEqual([])
    }
    await scanning.close()
  })

  it('the first administrator signs in with the password they chose', async () => {
    const fresh = await browser.newContext()
    const admin = await fresh.newPage()
    await admin.goto(`${server.url}/app/sign-in`)
    await admin.getByLabel('Username').fill('root')
    await admin.getByLabel('Password').fill('a long enough password')
    await admin.getByRole('button', { name: 'Sign in with the password' }).click()
    await expect.poll(() => admin.getByText('Signed in as root').count()).toBe(1)
    await fresh.close()
  })

  it('signs out: the session ends and pages ask to sign in again', async () => {
    await page.goto(`${server.url}/app/`)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/sign-in')
    await page.goto(`${server.url}/app/acme`)
    expect(new URL(page.url()).pathname).toBe('/app/sign-in')
  })
})
