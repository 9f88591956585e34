import { parseBearerToken } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { cookieOf, webTestApp, type WebTestApp } from '../test-support/web-test-app.ts'

const PAGE = '/app/settings/tokens'

/** The secret a page shows once, in the copyable block. */
const shownSecret = (page: string) => /<code id="new-token">([^<]+)<\/code>/.exec(page)?.[1]

/** The HTML of the user's own tokens section. */
const ownSection = (page: string) => /<section aria-labelledby="user-tokens-heading">[\s\S]*?<\/section>/.exec(page)?.[0] ?? ''

async function signedIn(who: 'owner' | 'reader' = 'owner') {
  const t = await webTestApp()
  const session = await t.signIn(t[who].token)
  const post = (path: string, form: Record<string, string> = {}) =>
    t.browse(path, { cookie: session.cookie, form: { _csrf: session.csrf, ...form } })
  const get = (path = PAGE) => t.browse(path, { cookie: session.cookie })
  return { t, ...session, post, get }
}

async function ownTokenIds(t: WebTestApp, who: 'owner' | 'reader') {
  const { user, principal } = t[who]
  return (await t.useCases.userTokens.list.execute({ userId: user.id }, principal)).map((token) => token.id)
}

describe('the token page', () => {
  it('a signed-out browser is sent to sign in, and back afterwards', async () => {
    const t = await webTestApp()
    const response = await t.browse(PAGE)
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/app/sign-in?next=%2Fapp%2Fsettings%2Ftokens')
  })

  it("every signed-in page links to it from the header; the page lists the user's tokens with when they were made", async () => {
    const { get } = await signedIn()
    const home = await (await get('/app/')).text()
    expect(home).toContain(`<nav class="account" aria-label="Account"><a href="${PAGE}">API tokens</a></nav>`)
    const response = await get()
    expect(response.status).toBe(200)
    const page = await response.text()
    expect(page).toContain('<h1>API tokens</h1>')
    expect(ownSection(page)).toMatch(
      /<th scope="row"><span class="hint">No description<\/span><\/th>\s*<td><time datetime="[^"]+">\d{4}-\d\d-\d\d \d\d:\d\d UTC<\/time><\/td>\s*<td><span class="hint">Never<\/span><\/td>/,
    )
    expect(shownSecret(page)).toBeUndefined()
  })

  it('creating a token shows its secret once, which authenticates as the user; the description is escaped', async () => {
    const { t, post, get } = await signedIn()
    const response = await post(PAGE, { description: '  <script>window.pwned=1</script> & "ci"  ' })
    expect(response.status).toBe(200)
    const page = await response.text()
    const secret = shownSecret(page) ?? ''
    expect(page).toContain('<button type="button" class="copy" data-copy="new-token" hidden>Copy the token</button>')
    expect(page).toContain('New token for you')
    expect(await t.useCases.authenticateToken.execute(secret)).toMatchObject({ kind: 'user', user: { username: 'owner' } })
    expect(page).not.toContain('<script>window.pwned')
    expect(ownSection(page)).toContain('<th scope="row">&lt;script&gt;window.pwned=1&lt;/script&gt; &amp; &quot;ci&quot;</th>')
    const again = await (await get()).text()
    expect(shownSecret(again)).toBeUndefined()
    expect(again).not.toContain(secret)
  })

  it('a description over 255 characters is refused naming the field, and no token is made', async () => {
    const { t, post } = await signedIn()
    const before = await ownTokenIds(t, 'owner')
    const response = await post(PAGE, { description: 'x'.repeat(256) })
    expect(response.status).toBe(422)
    expect(await response.text()).toContain('description')
    expect(await ownTokenIds(t, 'owner')).toEqual(before)
  })

  it('a form without the CSRF token, or from another site, is refused and changes nothing', async () => {
    const { t, cookie } = await signedIn()
    const before = await ownTokenIds(t, 'owner')
    const [id = ''] = before
    const forged = await t.browse(PAGE, { cookie, form: { description: 'forged' } })
    expect(forged.status).toBe(403)
    const revoke = await t.browse(`${PAGE}/${id}/revoke`, { cookie, form: {} })
    expect(revoke.status).toBe(403)
    const crossSite = await t.browse(`${PAGE}/${id}/revoke`, { cookie, form: { _csrf: 'x' }, headers: { Origin: 'https://evil.example' } })
    expect(crossSite.status).toBe(403)
    expect(await ownTokenIds(t, 'owner')).toEqual(before)
    await expect(t.useCases.authenticateToken.execute(t.owner.token)).resolves.toMatchObject({ kind: 'user' })
  })

  it('revoking a token after confirming stops it at once, and the page says so once', async () => {
    const { t, cookie, post, get } = await signedIn()
    const created = shownSecret(await (await post(PAGE, { description: 'to revoke' })).text()) ?? ''
    const id = parseBearerToken(created)?.tokenId ?? ''
    const before = ownSection(await (await get()).text())
    expect(before).toContain('<summary>Revoke <span class="visually-hidden">to revoke</span></summary>')
    expect(before).toContain(`<form method="post" action="${PAGE}/${id}/revoke">`)
    const response = await post(`${PAGE}/${id}/revoke`)
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe(PAGE)
    await expect(t.useCases.authenticateToken.execute(created)).rejects.toMatchObject({ code: 'unauthenticated' })
    const flash = cookieOf(response, 'cairn_flash')
    const after = await (await t.browse(PAGE, { cookie: `${cookie}; ${flash}` })).text()
    expect(after).toContain('<p class="notice" role="status">The token was revoked: whatever still uses it is refused.</p>')
    expect(after).not.toContain('to revoke')
  })

  it("another user's token is neither listed nor revocable (404), and stays valid", async () => {
    const { t, post, get } = await signedIn('reader')
    const created = await t.useCases.userTokens.create.execute(
      { user: { id: t.owner.user.id }, description: 'owner secret work' },
      t.owner.principal,
    )
    expect(await (await get()).text()).not.toContain('owner secret work')
    const response = await post(`${PAGE}/${created.token.id}/revoke`)
    expect(response.status).toBe(404)
    await expect(t.useCases.authenticateToken.execute(created.bearer)).resolves.toMatchObject({ kind: 'user' })
  })

  it('opened by terraform login (?source=terraform-login), it says to paste a token into the terminal and prefills the form', async () => {
    const { t, post, get } = await signedIn()
    const page = await (await get(`${PAGE}?source=terraform-login`)).text()
    expect(page).toContain('<code>terraform login</code> is waiting for a token in your terminal.')
    expect(page).toContain(`<form class="create-token" method="post" action="${PAGE}?source=terraform-login">`)
    expect(page).toMatch(/<input id="token-description" name="description"[^>]* value="terraform login">/)
    expect(await (await get()).text()).not.toContain('is waiting for a token')
    const created = await (await post(`${PAGE}?source=terraform-login`, { description: 'terraform login' })).text()
    expect(created).toContain('Paste it into the terminal where terraform waits.')
    const secret = shownSecret(created) ?? ''
    const listed = await t.useCases.userTokens.list.execute({ userId: t.owner.user.id }, t.owner.principal)
    expect(listed.find((token) => token.id === parseBearerToken(secret)?.tokenId)?.description).toBe('terraform login')
  })
})
