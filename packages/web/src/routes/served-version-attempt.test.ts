import { settledVersion } from '@cairn/testing'
import { describe, expect, it } from 'vitest'
import { webTestApp } from '../test-support/web-test-app.ts'
import { MODULE_STATUS_WORDS, VERSION_STATUS_WORDS } from '../views/status-words.ts'

/** A status as the API spells it, anywhere in a page. */
const RAW_STATUS = new RegExp(`\\b(${[...Object.keys(VERSION_STATUS_WORDS), ...Object.keys(MODULE_STATUS_WORDS)].join('|')})\\b`)
const STATUS_URL = '/app/acme/vpc/aws/versions/1.0.0/status'
const VPC = { name: 'vpc', provider: 'aws', version: '1.0.0' } as const

/** acme's vpc/aws 1.0.0 Ready, with the owner signed in. */
async function withReadyVersion() {
  const t = await webTestApp()
  await t.publish(t.owner.principal, { ...VPC, archive: '1.0.0\n# one' })
  return { t, owner: await t.signIn(t.owner.token) }
}

describe('a new archive for a version that is served already', () => {
  it('refused: the page still shows the version Ready with what it serves, and the failed attempt beside it, as an error', async () => {
    const { t, owner } = await withReadyVersion()
    const sent = await t.uploadAgain(t.owner.principal, { ...VPC, archive: 'bad archive' })
    await settledVersion(t.unitOfWork, sent.id)
    const reader = await t.signIn(t.reader.token)
    for (const who of [owner, reader]) {
      const page = await (await t.browse('/app/acme/vpc/aws', who)).text()
      expect(page).toContain('<dt>Status</dt><dd class="">Ready</dd>')
      expect(page).toContain('1.0.0_only')
      expect(page).toMatch(/<div class="attempt error" role="status">\s*<p>Failed: is not a gzip tarball<\/p>/)
      expect(page).toContain('The archive came from upload link issued to user owner, <time datetime="')
      expect(page).toContain('The version is still served with its previous archive.')
      expect(page).not.toMatch(RAW_STATUS)
    }
    expect(await (await t.browse(STATUS_URL, owner)).json()).toEqual({
      tone: 'failed',
      text: 'Failed: is not a gzip tarball. The version is still served with its previous archive.',
    })
    // Its managers may send a fixed archive for it from the page.
    expect(await (await t.browse('/app/acme/vpc/aws', owner)).text()).toContain('name="version" value="1.0.0"')
  })

  it('being checked: the page shows Processing beside Ready, and the status the page script watches waits on it', async () => {
    const { t, owner } = await withReadyVersion()
    const release = t.hold()
    const sent = await t.uploadAgain(t.owner.principal, { ...VPC, archive: '1.0.0b\n# newer' })
    const page = await (await t.browse('/app/acme/vpc/aws', owner)).text()
    expect(page).toContain('<dt>Status</dt><dd class="">Ready</dd>')
    expect(page).toContain('<p class="attempt" role="status">Processing: a new archive is being checked.')
    expect(await (await t.browse(STATUS_URL, owner)).json()).toEqual({
      tone: 'waiting',
      text: 'Processing: a new archive is being checked',
    })
    release()
    await settledVersion(t.unitOfWork, sent.id)
    expect(await (await t.browse(STATUS_URL, owner)).json()).toEqual({ tone: 'ready', text: 'Ready' })
    const settled = await (await t.browse('/app/acme/vpc/aws', owner)).text()
    expect(settled).not.toContain('class="attempt')
    expect(settled).toContain('1.0.0b_only')
  })

  it('after a refused one, a fixed archive sent from the page form settles Ready and the attempt line goes', async () => {
    const { t, owner } = await withReadyVersion()
    await settledVersion(t.unitOfWork, (await t.uploadAgain(t.owner.principal, { ...VPC, archive: 'bad archive' })).id)
    const again = await t.browse('/app/acme/vpc/aws/versions', {
      cookie: owner.cookie,
      form: { _csrf: owner.csrf, version: '1.0.0' },
      headers: { Accept: 'application/json' },
    })
    expect(again.status).toBe(200)
    const { uploadUrl, statusUrl } = (await again.json()) as { uploadUrl: string; statusUrl: string }
    expect((await t.app.request(uploadUrl, { method: 'PUT', body: '1.0.0c\n# fixed' })).status).toBe(200)
    await expect.poll(async () => (await (await t.browse(statusUrl, owner)).json()) as unknown).toEqual({ tone: 'ready', text: 'Ready' })
    const page = await (await t.browse('/app/acme/vpc/aws', owner)).text()
    expect(page).not.toContain('class="attempt')
    expect(page).toContain('1.0.0c_only')
  })

  it('a Ready version with no failed attempt is not taken again from the page', async () => {
    const { t, owner } = await withReadyVersion()
    expect(await (await t.browse('/app/acme/vpc/aws', owner)).text()).toContain('name="version" value=""')
    const refused = await t.browse('/app/acme/vpc/aws/versions', {
      cookie: owner.cookie,
      form: { _csrf: owner.csrf, version: '1.0.0' },
      headers: { Accept: 'application/json' },
    })
    expect(refused.status).toBe(422)
  })
})
