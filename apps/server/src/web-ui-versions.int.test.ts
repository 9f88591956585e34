import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousViolations } from './test-support/browser.ts'
import type { VersionDocument } from './test-support/registry-client.ts'
import { moduleArchive, SETUP_TIMEOUT, startWebUi, versionPath, whyNoWebUiBrowser, type WebUi } from './test-support/web-ui.ts'

/** A status as the API spells it: no page or message of the UI shows one. */
const RAW_STATUS =
  /\b(pending|cloning|clone_failed|reg_ingress_req_failed|reg_ingressing|reg_ingress_failed|ok|no_version_tags|setup_failed|setup_complete)\b/
const skipped = whyNoWebUiBrowser()

/**
 * The web UI's version pages in headless Chromium against a real Cairn (test-support/web-ui.ts),
 * signed in as the owner: uploading from the page, failed attempts and versions, deleting one,
 * how long the page watches an analysis, and axe-core on every page these tests leave behind.
 */
describe.skipIf(skipped !== undefined)('the web UI in a real browser', { timeout: 30_000 }, () => {
  let web: WebUi
  let page: Page

  beforeAll(async () => {
    web = await startWebUi({ signedInAs: 'owner' })
    page = web.page
  }, SETUP_TIMEOUT)

  afterAll(() => web?.stop())

  /** Uploads `content` as `version` from the module page's form, as a manager does. */
  async function uploadFromPage(version: string, content: Buffer): Promise<void> {
    await page.getByLabel('Version number').fill(version)
    await page.getByLabel('Archive (.tar.gz)').setInputFiles({ name: 'vpc.tar.gz', mimeType: 'application/gzip', buffer: content })
    await page.getByRole('button', { name: 'Upload' }).click()
  }

  it('a broken archive sent again to a Ready version leaves it Ready, the failed attempt shown; a good one from the page clears it', async () => {
    // As a CI job run again would: to the upload link the API hands the version's managers.
    const shown = (await (await web.api(web.tokens.owner, 'GET', versionPath('acme', '1.1.0'))).json()) as VersionDocument
    const refused = await web.send(
      web.tokens.owner,
      { organization: 'acme', version: '1.1.0', upload: shown.data.links.upload ?? '' },
      Buffer.from('not a tarball'),
    )
    expect(refused.data.attributes).toMatchObject({ status: 'ok', attempt: { status: 'reg_ingress_failed' } })
    await page.goto(`${web.url}/app/acme/vpc/aws?version=1.1.0`)
    expect(await page.locator('.facts dd').first().textContent()).toBe('Ready')
    const attempt = page.locator('.attempt')
    expect(await attempt.getAttribute('class')).toContain('error')
    expect(await attempt.locator('p').first().textContent()).toBe(`Failed: ${refused.data.attributes.attempt?.error ?? ''}`)
    expect(await attempt.textContent()).toMatch(
      /came from upload link issued to user owner, \d{4}-\d\d-\d\d \d\d:\d\d UTC\. The version is still served with its previous archive\./,
    )
    expect(await page.getByRole('rowheader', { name: 'zone' }).count()).toBe(1)
    expect(await page.content()).not.toMatch(RAW_STATUS)

    expect(await page.getByLabel('Version number').inputValue()).toBe('1.1.0')
    await uploadFromPage('1.1.0', Buffer.from(await moduleArchive('zone', '# VPC\n\nA network.')))
    // The script opens the version again once the new archive is ready: without the attempt.
    await expect.poll(() => attempt.count(), { timeout: 20_000 }).toBe(0)
    expect(await page.locator('.facts dd').first().textContent()).toBe('Ready')
    expect(await page.content()).not.toMatch(RAW_STATUS)
    const settled = (await (await web.api(web.tokens.owner, 'GET', versionPath('acme', '1.1.0'))).json()) as VersionDocument
    expect(settled.data.attributes).toMatchObject({ status: 'ok', attempt: null })
  })

  it('a manager uploads a version and watches it become ok; a broken archive shows failed with the reason', async () => {
    await page.goto(`${web.url}/app/acme/vpc/aws`)
    await uploadFromPage('2.0.0', Buffer.from(await moduleArchive('cluster', '# Two')))
    await expect.poll(() => page.getByRole('rowheader', { name: 'cluster' }).count(), { timeout: 20_000 }).toBe(1)
    expect(new URL(page.url()).searchParams.get('version')).toBe('2.0.0')

    await uploadFromPage('2.1.0', Buffer.from('not a tarball'))
    await expect.poll(() => page.locator('.upload-status').textContent(), { timeout: 20_000 }).toMatch(/^Version 2\.1\.0 — Failed: .+/)
    expect(await page.locator('.upload-status').getAttribute('class')).toContain('error')
    expect(await page.content()).not.toMatch(RAW_STATUS)
  })

  it('a manager uploads a failed version again and watches it become Ready', async () => {
    await page.goto(`${web.url}/app/acme/vpc/aws?version=2.1.0`)
    expect(await page.locator('p.error').textContent()).toMatch(/^Failed: .+/)
    expect(await page.getByText('Published').count()).toBe(0)
    expect(await page.content()).not.toMatch(RAW_STATUS)
    expect(await page.getByLabel('Version number').inputValue()).toBe('2.1.0')
    await uploadFromPage('2.1.0', Buffer.from(await moduleArchive('fixed', '# Fixed')))
    // Once the archive is sent (the script says so, or has opened the version), reload until the page shows it Ready.
    const status = page.locator('.facts dd').first()
    await expect
      .poll(
        async () => {
          if (/^(Creating|Uploading)/.test((await page.locator('.upload-status').textContent()) ?? '')) return 'sending'
          await page.reload()
          return status.textContent()
        },
        { timeout: 20_000 },
      )
      .toBe('Ready')
    expect(await page.getByRole('rowheader', { name: 'fixed' }).count()).toBe(1)
    expect(await page.getByText('Published').count()).toBe(1)
    expect(await page.content()).not.toMatch(RAW_STATUS)
  })

  it('an owner deletes a failed version after confirming; the page says so once', async () => {
    await page.goto(`${web.url}/app/acme/vpc/aws`)
    for (const version of ['2.2.0', '2.3.0']) {
      await uploadFromPage(version, Buffer.from('not a tarball either'))
      await expect
        .poll(() => page.locator('.upload-status').textContent(), { timeout: 20_000 })
        .toMatch(new RegExp(`^Version ${version.replaceAll('.', '\\.')} — Failed: .+`))
    }
    await page.goto(`${web.url}/app/acme/vpc/aws?version=2.2.0`)
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
    const watcher = await web.context.newPage()
    await watcher.clock.install()
    // An analysis that never settles: the upload and every status read answer reg_ingressing.
    await watcher.route(/\/versions\/3\.0\.0\/status$|\/v1\/object\//, (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify(
          route.request().method() === 'PUT'
            ? { data: { attributes: { status: 'reg_ingressing' } } }
            : { tone: 'waiting', text: 'Processing' },
        ),
      }),
    )
    await watcher.goto(`${web.url}/app/acme/dns/aws`)
    await watcher.getByLabel('Version number').fill('3.0.0')
    await watcher
      .getByLabel('Archive (.tar.gz)')
      .setInputFiles({ name: 'dns.tar.gz', mimeType: 'application/gzip', buffer: Buffer.from('never analysed') })
    await watcher.getByRole('button', { name: 'Upload' }).click()
    await expect.poll(() => watcher.locator('.upload-status').textContent(), { timeout: 10_000 }).toBe('Analysing 3.0.0…')
    await watcher.clock.fastForward('05:01')
    await watcher.clock.runFor(1000)
    await expect
      .poll(() => watcher.locator('.upload-status').textContent(), { timeout: 10_000 })
      .toMatch(/3\.0\.0 is still being analysed after 5 minutes/)
    await watcher.close()
  })

  it('axe-core finds no serious or critical violation on any page', async () => {
    const scanning = await web.browser.newContext({ bypassCSP: true })
    const scan = await scanning.newPage()
    await scan.goto(`${web.url}/app/sign-in`)
    expect(await seriousViolations(scan)).toEqual([])
    await scan.getByLabel('API token').fill(web.tokens.owner)
    await scan.getByRole('button', { name: 'Sign in with the token' }).click()
    await expect.poll(() => new URL(scan.url()).pathname).toBe('/app/')
    await web.api(web.tokens.owner, 'POST', '/api/v2/organizations', {
      data: { type: 'organizations', attributes: { name: 'untouched', email: 'ops@untouched.test' } },
    })
    // A provider page with a version and a platform, its files not uploaded: the tables and the delete form.
    const providers = '/api/v2/organizations/acme/registry-providers'
    await web.api(web.tokens.owner, 'POST', providers, {
      data: { type: 'registry-providers', attributes: { name: 'time', namespace: 'acme', 'registry-name': 'private' } },
    })
    await web.api(web.tokens.owner, 'POST', `${providers}/private/acme/time/versions`, {
      data: { type: 'registry-provider-versions', attributes: { version: '0.1.0', 'key-id': '0123456789ABCDEF', protocols: ['5.0'] } },
    })
    await web.api(web.tokens.owner, 'POST', `${providers}/private/acme/time/versions/0.1.0/platforms`, {
      data: {
        type: 'registry-provider-version-platforms',
        attributes: { os: 'linux', arch: 'amd64', shasum: 'a'.repeat(64), filename: 'terraform-provider-time_0.1.0_linux_amd64.zip' },
      },
    })
    for (const path of [
      '/app/',
      '/app/untouched',
      '/app/acme',
      '/app/acme?q=nothing',
      '/app/acme/vpc/aws',
      '/app/acme/vpc/aws?version=1.0.0',
      '/app/acme/vpc/aws?version=2.3.0',
      '/app/acme/dns/aws',
      '/app/acme/vpc/aws/modules/subnet',
      '/app/acme/vpc/aws/examples/basic',
      '/app/acme/providers/acme/time',
      '/app/nope',
    ]) {
      await scan.goto(`${web.url}${path}`)
      expect(await seriousViolations(scan), path).toEqual([])
    }
    await scanning.close()
  })
})
