/**
 * Takes the README's screenshots of the web UI (`node scripts/web-screenshots.ts`): a real Cairn
 * on a scratch data directory, the `network` fixture and a few more modules published through the
 * API, then the module list and the module page in headless Chromium, written to docs/images/.
 */
import { collect, fixtureModule, packDirectory } from '../test-fixtures/src/index.ts'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer } from '../apps/server/src/cli/serve.ts'
import { loadConfig } from '../apps/server/src/config.ts'
import { launchChromium } from '../apps/server/src/test-support/browser.ts'
import { userToken } from '../apps/server/src/test-support/cli.ts'

const OUT = new URL('../docs/images/', import.meta.url)
const dataDir = join(mkdtempSync(join(tmpdir(), 'cairn-shots-')), 'data')
const env = { CAIRN_DATA_DIR: dataDir, PORT: '0' }
const token = await userToken(env, 'alice')
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

try {
  await api('POST', '/api/v2/organizations', { data: { type: 'organizations', attributes: { name: 'platform', email: 'platform@example.com' } } })
  const archive = Buffer.from(await collect(packDirectory(fixtureModule('network'))))
  const modules = [['network', 'aws'], ['network', 'google'], ['dns-zone', 'aws'], ['eks-cluster', 'aws'], ['storage-bucket', 'google']]
  for (const [name, provider] of modules) {
    const base = `/api/v2/organizations/platform/registry-modules`
    await api('POST', base, { data: { type: 'registry-modules', attributes: { name, provider } } })
    for (const version of ['1.0.0', '1.2.0']) {
      const created = await api('POST', `${base}/private/platform/${name}/${provider}/versions`, { data: { type: 'registry-module-versions', attributes: { version } } })
      const { data } = (await created.json()) as { data: { links: { upload: string } } }
      await fetch(data.links.upload, { method: 'PUT', body: archive })
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
  await browser.close()
  console.log(`screenshots written to ${OUT.pathname}`)
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
