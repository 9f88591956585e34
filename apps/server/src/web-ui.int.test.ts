import { untilSettled } from '@cairn/testing'
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { latestStatusOf, type VersionDocument } from './test-support/registry-client.ts'
import { SETUP_TIMEOUT, startWebUi, versionPath, whyNoWebUiBrowser, type WebUi } from './test-support/web-ui.ts'

const skipped = whyNoWebUiBrowser()

/**
 * The web UI in headless Chromium against a real Cairn (test-support/web-ui.ts), with its
 * Content-Security-Policy enforced: signing in and out, finding and reading modules, a first
 * module, and what other users see. Publishing from the page is in web-ui-versions.int.test.ts.
 */
describe.skipIf(skipped !== undefined)('the web UI in a real browser', { timeout: 30_000 }, () => {
  let web: WebUi
  let page: Page

  beforeAll(async () => {
    web = await startWebUi()
    page = web.page
  }, SETUP_TIMEOUT)

  afterAll(() => web?.stop())

  it('sends a signed-out visitor to sign in, and a token signs them in', async () => {
    await page.goto(`${web.url}/`)
    expect(new URL(page.url()).pathname).toBe('/app/sign-in')
    await page.getByLabel('API token').fill(web.tokens.owner)
    await page.getByRole('button', { name: 'Sign in with the token' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/')
    await expect.poll(() => page.getByText('Signed in as owner').count()).toBe(1)
    const cookies = await web.context.cookies()
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
    await page.goto(`${web.url}/app/acme?q=vpc&provider=aws`)
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
    const response = await page.goto(`${web.url}/app/acme/vpc/aws?version=1.0.0`)
    expect((await response?.body())?.length).toBeLessThan(400 * 1024)
    await page.getByRole('heading', { name: 'Hostile module' }).waitFor()
    await page.getByText('raw link').click()
    expect(await page.evaluate(() => (window as unknown as { pwned?: unknown }).pwned)).toBeUndefined()
    expect(await page.locator('.readme script, .readme iframe, .readme [onerror]').count()).toBe(0)
  })

  it('copies the usage snippet', async () => {
    await page.goto(`${web.url}/app/acme/vpc/aws`)
    await page.getByRole('button', { name: 'Copy snippet' }).click()
    await expect.poll(() => page.getByText('Copied to the clipboard.').count()).toBe(1)
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toBe(`module "vpc" {\n  source  = "${new URL(web.url).host}/acme/vpc/aws"\n  version = "1.1.0"\n}`)
  })

  it("a submodule's page, from the Submodules tab: its inputs, outputs, README and the //modules usage snippet", async () => {
    await page.goto(`${web.url}/app/acme/vpc/aws`)
    await page.getByRole('tab', { name: 'Submodules (1)' }).click()
    expect(await page.locator('#submodules li').textContent()).toBe('modules/subnet: 1 input, 1 output, 1 resource')
    await page.getByRole('link', { name: 'modules/subnet' }).click()
    await expect.poll(() => page.locator('main > h1').textContent()).toBe('modules/subnet')
    expect(await page.getByRole('rowheader', { name: 'cidr' }).count()).toBe(1)
    await page.getByRole('tab', { name: /Outputs/ }).click()
    expect(await page.getByRole('rowheader', { name: 'subnet_id' }).isVisible()).toBe(true)
    expect(await page.locator('.readme').textContent()).toContain('One subnet of the network.')
    await page.getByRole('button', { name: 'Copy snippet' }).click()
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(`module "subnet" {\n  source  = "${new URL(web.url).host}/acme/vpc/aws//modules/subnet"\n  version = "1.1.0"\n}`)
  })

  it('an empty organization shows the ways to a first module: the API commands, copied and run as they are, publish one', async () => {
    await web.api(web.tokens.owner, 'POST', '/api/v2/organizations', {
      data: { type: 'organizations', attributes: { name: 'fresh', email: 'ops@fresh.test' } },
    })
    await page.goto(`${web.url}/app/fresh`)
    expect(await page.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      '1. With the API',
      '2. Upload in this page',
      '3. From a repository',
    ])
    await page.getByRole('button', { name: 'Copy the API commands' }).click()
    await expect.poll(() => page.getByText('Copied to the clipboard.').count()).toBe(1)
    const commands = await page.evaluate(() => navigator.clipboard.readText())
    expect(commands).toContain(`API=${web.url}/api/v2`)
    // The other two ways need a person (the page's form) or a git host: their commands are at least shell.
    for (const id of ['first-module-upload', 'first-module-vcs'])
      await promisify(execFile)('bash', ['-n', '-c', (await page.locator(`#${id}`).textContent()) ?? ''])
    const moduleDir = mkdtempSync(join(tmpdir(), 'cairn-first-module-'))
    writeFileSync(join(moduleDir, 'main.tf'), 'variable "cidr" {\n  type = string\n}\n')
    // Only the placeholders the page asks its reader to fill are filled.
    const script = commands.replace('<your API token>', web.tokens.owner).replace('~/path/to/your/module', moduleDir)
    await promisify(execFile)('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd: moduleDir }).finally(() =>
      rmSync('/tmp/vpc.tar.gz', { force: true }),
    )
    const read = async () => (await (await web.api(web.tokens.owner, 'GET', versionPath('fresh', '1.0.0'))).json()) as VersionDocument
    expect((await untilSettled(read, latestStatusOf)).data.attributes.status).toBe('ok')
    await page.reload()
    expect(await page.getByRole('link', { name: 'vpc' }).count()).toBe(1)
  })

  it('a user of another organization gets 404 for its pages', async () => {
    const other = await web.browser.newContext()
    const strangerPage = await other.newPage()
    await strangerPage.goto(`${web.url}/app/sign-in`)
    await strangerPage.getByLabel('API token').fill(web.tokens.stranger)
    await strangerPage.getByRole('button', { name: 'Sign in with the token' }).click()
    await expect.poll(() => strangerPage.getByText('Signed in as stranger').count()).toBe(1)
    for (const path of ['/app/acme', '/app/acme/vpc/aws']) {
      const response = await strangerPage.goto(`${web.url}${path}`)
      expect(response?.status(), path).toBe(404)
    }
    expect((await strangerPage.goto(`${web.url}/app/other`))?.status()).toBe(200)
    await other.close()
  })

  it('the first administrator signs in with the password they chose', async () => {
    const fresh = await web.browser.newContext()
    const admin = await fresh.newPage()
    await admin.goto(`${web.url}/app/sign-in`)
    await admin.getByLabel('Username').fill('root')
    await admin.getByLabel('Password').fill('a long enough password')
    await admin.getByRole('button', { name: 'Sign in with the password' }).click()
    await expect.poll(() => admin.getByText('Signed in as root').count()).toBe(1)
    await fresh.close()
  })

  it('signs out: the session ends and pages ask to sign in again', async () => {
    await page.goto(`${web.url}/app/`)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/app/sign-in')
    await page.goto(`${web.url}/app/acme`)
    expect(new URL(page.url()).pathname).toBe('/app/sign-in')
  })
})
