import { createHash, randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousViolations } from './test-support/browser.ts'
import { SETUP_TIMEOUT, startWebUi, whyNoWebUiBrowser, type WebUi } from './test-support/web-ui.ts'

const skipped = whyNoWebUiBrowser()

/** A stand-in for the CLI's listener: on 127.0.0.1 at the first free port of login.v1's range, as the CLIs listen. */
async function listenAsTheCli(): Promise<{ server: Server; port: number; hits: URL[] }> {
  const hits: URL[] = []
  const server = createServer((request, response) => {
    hits.push(new URL(request.url ?? '/', 'http://localhost'))
    response.end('The login is complete; close this window.')
  })
  for (let port = 10000; port <= 10010; port += 1) {
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false))
      server.listen(port, '127.0.0.1', () => resolve(true))
    })
    if (listening) return { server, port, hits }
  }
  throw new Error('no free port in 10000–10010')
}

/**
 * The approval page of `terraform login` / `tofu login` in headless Chromium, CSP enforced: after
 * Approve or Deny, the browser must reach the CLI's listener on localhost, which `form-action
 * 'self'` would stop a redirect answering the form from doing.
 */
describe.skipIf(skipped !== undefined)('the CLI login approval in a real browser', { timeout: 30_000 }, () => {
  let web: WebUi
  let cli: Awaited<ReturnType<typeof listenAsTheCli>>
  beforeAll(async () => {
    web = await startWebUi({ signedInAs: 'owner' })
    cli = await listenAsTheCli()
  }, SETUP_TIMEOUT)

  afterAll(async () => {
    cli?.server.close()
    await web?.stop()
  })

  function authorizeUrl(state: string) {
    const verifier = randomBytes(32).toString('base64url')
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: 'terraform-cli',
      redirect_uri: `http://localhost:${cli.port}/login`,
      state,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    })
    return { url: `${web.url}/app/login/authorize?${query}`, verifier }
  }

  it('Approve takes the browser to the CLI listener with a code that buys a working token', async () => {
    const { page } = web
    const { url, verifier } = authorizeUrl('approve-state')
    await page.goto(url)
    await page.getByRole('heading', { name: 'Sign in from the CLI' }).waitFor()
    await page.getByRole('button', { name: 'Approve' }).click()
    await page.waitForURL((reached) => reached.port === String(cli.port) && reached.pathname === '/login')
    const hit = cli.hits.find((seen) => seen.searchParams.get('state') === 'approve-state')
    const code = hit?.searchParams.get('code') ?? ''
    expect(code).not.toBe('')
    const form = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: `http://localhost:${cli.port}/login`,
      client_id: 'terraform-cli',
      code_verifier: verifier,
    }
    const granted = await fetch(`${web.url}/oauth/token`, { method: 'POST', body: new URLSearchParams(form) })
    expect(granted.status).toBe(200)
    const { access_token: token } = (await granted.json()) as { access_token: string }
    const account = await fetch(`${web.url}/api/v2/account/details`, { headers: { Authorization: `Bearer ${token}` } })
    expect(account.status).toBe(200)
  })

  it('the approval page has no serious accessibility violations', async () => {
    // axe is injected as a script, which only a context that bypasses the CSP runs.
    const scanning = await web.browser.newContext({ bypassCSP: true })
    const scan = await scanning.newPage()
    await scan.goto(`${web.url}/app/sign-in`)
    await scan.getByLabel('API token').fill(web.tokens.owner)
    await scan.getByRole('button', { name: 'Sign in with the token' }).click()
    await scan.waitForURL((reached) => reached.pathname === '/app/')
    await scan.goto(authorizeUrl('scan-state').url)
    await scan.getByRole('heading', { name: 'Sign in from the CLI' }).waitFor()
    expect(await seriousViolations(scan)).toEqual([])
    await scanning.close()
  })

  it('Deny takes the browser to the CLI listener with access_denied and no code', async () => {
    const { page } = web
    await page.goto(authorizeUrl('deny-state').url)
    await page.getByRole('button', { name: 'Deny' }).click()
    await page.waitForURL((reached) => reached.port === String(cli.port) && reached.searchParams.get('state') === 'deny-state')
    const hit = cli.hits.find((seen) => seen.searchParams.get('state') === 'deny-state')
    expect(hit?.searchParams.get('error')).toBe('access_denied')
    expect(hit?.searchParams.get('code')).toBeNull()
  })
})
