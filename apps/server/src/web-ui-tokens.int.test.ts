import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousViolations } from './test-support/browser.ts'
import { SETUP_TIMEOUT, startWebUi, whyNoWebUiBrowser, type WebUi } from './test-support/web-ui.ts'

const skipped = whyNoWebUiBrowser()

/**
 * The token page in headless Chromium against a real Cairn (test-support/web-ui.ts), signed in as
 * the owner: a token made on the page, copied with its button, used on the API, then revoked.
 */
describe.skipIf(skipped !== undefined)('the token page in a real browser', { timeout: 30_000 }, () => {
  let web: WebUi
  beforeAll(async () => {
    web = await startWebUi({ signedInAs: 'owner' })
  }, SETUP_TIMEOUT)

  afterAll(() => web?.stop())

  const accountDetails = (token: string) => fetch(`${web.url}/api/v2/account/details`, { headers: { Authorization: `Bearer ${token}` } })

  it('a token made on the page and copied with its button works on the API until it is revoked there', async () => {
    const { page } = web
    await page.goto(`${web.url}/app/`)
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'API tokens' }).click()
    await page.waitForURL((url) => url.pathname === '/app/settings/tokens')
    await page.getByLabel('Description').fill('made in the browser')
    await page.getByRole('button', { name: 'Create a token' }).click()
    await page.getByRole('heading', { name: 'New token for you' }).waitFor()

    await page.getByRole('button', { name: 'Copy the token' }).click()
    await expect.poll(() => page.getByText('Copied to the clipboard.').count()).toBe(1)
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toBe(await page.locator('#new-token').textContent())
    const used = await accountDetails(copied)
    expect(used.status).toBe(200)
    const { data } = (await used.json()) as { data: { attributes: { username: string } } }
    expect(data.attributes.username).toBe('owner')

    await page.goto(`${web.url}/app/settings/tokens`)
    expect(await page.locator('#new-token').count()).toBe(0)
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'made in the browser' }) })
    await row.getByText('Revoke made in the browser', { exact: true }).click()
    await row.getByRole('button', { name: 'Yes, revoke made in the browser' }).click()
    await expect.poll(() => page.locator('.notice').textContent()).toBe('The token was revoked: whatever still uses it is refused.')
    expect(await page.getByRole('rowheader', { name: 'made in the browser' }).count()).toBe(0)
    expect((await accountDetails(copied)).status).toBe(401)
  })

  it("terraform login's fallback page asks for a token for the terminal, the form prefilled", async () => {
    const { page } = web
    await page.goto(`${web.url}/app/settings/tokens?source=terraform-login`)
    await page.getByRole('heading', { name: 'Signing in terraform' }).waitFor()
    expect(await page.getByLabel('Description').inputValue()).toBe('terraform login')
    await page.getByRole('button', { name: 'Create a token' }).click()
    await page.getByText('Paste it into the terminal where terraform waits.').waitFor()
    const token = (await page.locator('#new-token').textContent()) ?? ''
    expect((await accountDetails(token)).status).toBe(200)
  })

  it('axe-core finds no serious or critical violation on the page, with a new token and the organization tokens shown', async () => {
    // axe is injected as a script, which the page's CSP rightly refuses: this context bypasses it.
    const scanning = await web.browser.newContext({ bypassCSP: true })
    const scan = await scanning.newPage()
    await scan.goto(`${web.url}/app/sign-in?next=%2Fapp%2Fsettings%2Ftokens`)
    await scan.getByLabel('API token').fill(web.tokens.owner)
    await scan.getByRole('button', { name: 'Sign in with the token' }).click()
    await scan.getByRole('heading', { name: 'Tokens of acme' }).waitFor()
    await scan.getByRole('button', { name: 'Create the token of the organization acme' }).click()
    await scan.getByRole('heading', { name: 'New token for the organization acme' }).waitFor()
    expect(await seriousViolations(scan)).toEqual([])
    await scanning.close()
  })
})
