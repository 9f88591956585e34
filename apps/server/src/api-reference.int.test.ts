import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from './cli/serve.ts'
import { loadConfig } from './cli/config.ts'
import { launchChromium, whyNoBrowser } from './test-support/browser.ts'

const skipped = whyNoBrowser()
if (skipped !== undefined) console.warn(`\n!!! SKIPPING the browser test of the API reference: ${skipped}\n`)

/** The Scalar reference page at /api/docs, rendered by headless Chromium against a real Cairn. */
describe.skipIf(skipped !== undefined)('the API reference in a real browser', { timeout: 60_000 }, () => {
  let server: RunningServer
  let browser: Browser

  beforeAll(async () => {
    server = await startServer(loadConfig({ CAIRN_DATA_DIR: join(mkdtempSync(join(tmpdir(), 'cairn-docs-')), 'data'), PORT: '0' }))
    browser = await launchChromium()
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('renders the registry-modules operations from /api/openapi.json, with nothing fetched from elsewhere', async () => {
    const page = await browser.newPage()
    const refused: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text())
    })
    const elsewhere: string[] = []
    page.on('request', (request) => {
      if (!request.url().startsWith(server.url) && !request.url().startsWith('data:')) elsewhere.push(request.url())
    })
    const response = await page.goto(`${server.url}/api/docs`)
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-/)
    await expect.poll(() => page.getByText('Create a module version', { exact: true }).count(), { timeout: 30_000 }).toBeGreaterThan(0)
    const text = await page.locator('body').innerText()
    for (const summary of [
      'Upload a module version’s archive',
      'List an organization’s modules',
      'Publish a module from a VCS repository',
    ]) {
      expect(text).toContain(summary)
    }
    expect(text).toMatch(/registry-modules/i)
    // Scalar's AI chat needs its servers (and shows on localhost unasked): off on a page meant to work offline.
    expect(await page.getByText(/Ask AI/i).count()).toBe(0)
    expect(elsewhere).toEqual([])
    // The page renders under its policy: nothing it needs was refused.
    expect(refused).toEqual([])
  })
})
