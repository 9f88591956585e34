/**
 * Takes the README's screenshots of the web UI (`node scripts/web-screenshots.ts`): a real Cairn
 * on a scratch data directory, the `network` fixture and a few more modules published through the
 * API, then the module list, the module page, a submodule's page and an organization with no
 * modules in headless Chromium, written to docs/images/.
 */
import { collect, fixtureModule, packDirectory } from '../test-fixtures/src/index.ts'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer } from '../apps/server/src/cli/serve.ts'
import { loadConfig } from '../apps/server/src/cli/config.ts'
import { launchChromium } from '../apps/server/src/test-support/browser.ts'
import { userToken } from '../apps/server/src/test-support/cli.ts'

const OUT = new URL('../docs/images/', import.meta.url)
const dataDir = join(mkdtempSync(join(tmpdir(), 'cairn-shots-')), 'data')
const env = { CAIRN_DATA_DIR: dataDir, PORT: '0' }
// Creating organizations is for site administrators on a new installation (its default setting).
const token = await userToken(env, 'alice', true)
const server = await startServer(loadConfig(env))

async function api(method: string, path: string, body: unknown): Promise<Response> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/vnd.api+json' },
    body: JSON.stringify(body),
  })
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status}`)
  return response
}

/** Waits until the analysis of a version uploaded has settled it, so that no page shows it half-way. */
async function settled(path: string): Promise<void> {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const response = await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${token}` } })
    const { data } = (await response.json()) as { data: { attributes: { status: string } } }
    if (data.attributes.status === 'ok') return
    if (data.attributes.status.endsWith('_failed')) throw new Error(`${path}: ${data.attributes.status}`)
  }
  throw new Error(`${path}: not settled after 30 s`)
}

try {
  for (const name of ['platform', 'data-team']) {
    await api('POST', '/api/v2/organizations', { data: { type: 'organizations', attributes: { name, email: `${name}@example.com` } } })
  }
  const archive = Buffer.from(await collect(packDirectory(fixtureModule('network'))))
  const modules = [
    ['network', 'aws'],
    ['network', 'google'],
    ['dns-zone', 'aws'],
    ['eks-cluster', 'aws'],
    ['storage-bucket', 'google'],
  ]
  for (const [name, provider] of modules) {
    const base = `/api/v2/organizations/platform/registry-modules`
    await api('POST', base, { data: { type: 'registry-modules', attributes: { name, provider } } })
    for (const version of ['1.0.0', '1.2.0']) {
      const created = await api('POST', `${base}/private/platform/${name}/${provider}/versions`, {
        data: { type: 'registry-module-versions', attributes: { version } },
      })
      const { data } = (await created.json()) as { data: { links: { upload: string } } }
      const uploaded = await fetch(data.links.upload, { method: 'PUT', body: archive })
      if (uploaded.status !== 200) throw new Error(`PUT ${name}/${provider} ${version}: ${uploaded.status}`)
      await settled(`${base}/private/platform/${name}/${provider}/version?module_version=${version}`)
    }
  }
  const browser = await launchChromium()
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } })
  await page.goto(`${server.url}/app/sign-in`)
  await page.getByLabel('API token').fill(token)
  await page.getByRole('button', { name: 'Sign in with the token' }).click()
  await page.goto(`${server.url}/app/platform`)
  await page.screenshot({ path: new URL('web-module-list.png', OUT).pathname })
  await page.goto(`${server.url}/app/platform/network/aws`)
  await page.screenshot({ path: new URL('web-module-page.png', OUT).pathname, fullPage: false })
  await page.goto(`${server.url}/app/platform/network/aws/modules/subnet`)
  await page.screenshot({ path: new URL('web-submodule-page.png', OUT).pathname, fullPage: false })
  await page.goto(`${server.url}/app/data-team`)
  await page.screenshot({ path: new URL('web-empty-organization.png', OUT).pathname, fullPage: true })
  await browser.close()
  console.log(`screenshots written to ${OUT.pathname}`)
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
