import { execFile } from 'node:child_process'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startGreetingRegistry, type GreetingRegistry } from './test-support/greeting-registry.ts'
import { httpsRequest } from './test-support/https-client.ts'
import { buildTofuOnce, TOFU_MATRIX, tofu, whyNoTofu } from './test-support/opentofu.ts'
import { buildOrasOnce, oras, whyNoOras } from './test-support/oras.ts'
import { SERVER_STORES } from './test-support/server-stores.ts'
import { installedModules } from './test-support/tofu-init-workspace.ts'

const run = promisify(execFile)

/** The release the OCI tests run: OpenTofu installs `oci://` modules from 1.10 on; the newest the proxy serves. */
const TOFU = TOFU_MATRIX[0] ?? 'v1.12.6'
const skipped = whyNoTofu(TOFU) ?? whyNoOras()
if (skipped !== undefined) console.warn(`\n!!! SKIPPING the OCI distribution tests: ${skipped}\n`)

describe.skipIf(skipped !== undefined).each(SERVER_STORES)(
  'modules as OCI artifacts, installed by tofu and read by oras over HTTPS, on %s',
  (_store, openStore) => {
    let registry: GreetingRegistry
    let repository: string
    let tofuBinary: string
    let orasBinary: string

    beforeAll(async () => {
      ;[registry, tofuBinary, orasBinary] = await Promise.all([
        startGreetingRegistry('registry.cairn.test', openStore),
        buildTofuOnce(TOFU),
        buildOrasOnce(),
      ])
      repository = `localhost:${new URL(registry.server.url).port}/acme/modules/greeting/generic`
    }, 20 * 60_000)
    afterAll(() => registry?.dispose())

    const basic = () => `Basic ${Buffer.from(`cairn:${registry.token}`).toString('base64')}`
    const manifestUrl = (reference: string) => `https://${repository.replace('/', '/v2/')}/manifests/${reference}`

    /** `tofu init` of `configuration` in a fresh directory, with `password` for the OCI registry (none when undefined). */
    async function init(configuration: string, password: string | undefined) {
      const dir = await mkdtemp(join(registry.scratch, 'oci-'))
      await writeFile(join(dir, 'main.tf'), configuration)
      const host = repository.slice(0, repository.indexOf('/'))
      const credentials = password === undefined ? '' : `oci_credentials "${host}" {\n  username = "cairn"\n  password = "${password}"\n}\n`
      const cliConfigFile = join(dir, 'cli.tfrc')
      await writeFile(cliConfigFile, credentials)
      const result = await tofu(tofuBinary, ['init', '-input=false', '-no-color'], { cwd: dir, cliConfigFile, caFile: registry.ca.caFile })
      return { ...result, dir }
    }

    it('tofu init installs a module from oci://…?tag=, pinned by ?digest=, and a submodule by //path', async () => {
      const head = await httpsRequest(manifestUrl('1.0.0'), { ca: registry.caPem, method: 'HEAD', headers: { Authorization: basic() } })
      expect(head.status).toBe(200)
      const digest = String(head.headers['docker-content-digest'])
      const block = (name: string, source: string) => `module "${name}" {\n  source = "oci://${repository}${source}"\n}\n`
      const result = await init(
        block('tagged', '?tag=1.1.0') + block('pinned', `?digest=${digest}`) + block('shout', '//modules/shout?tag=2.0.0'),
        registry.token,
      )
      expect(result.output).toContain('OpenTofu has been successfully initialized')
      expect(result.code).toBe(0)
      const installed = await installedModules(result.dir)
      const file = (name: string, path: string) => readFile(join(installed.get(name)?.dir ?? '', path), 'utf8')
      expect(await file('tagged', 'main.tf')).toContain('from 1.1.0')
      expect(await file('pinned', 'main.tf')).toContain('from 1.0.0')
      expect(await file('shout', 'main.tf')).toContain('HELLO from 2.0.0')
    }, 180_000)

    it('tofu init is refused with a wrong token and without one', async () => {
      for (const password of ['at-wrong.cairn.secret', undefined]) {
        const result = await init(`module "greeting" {\n  source = "oci://${repository}?tag=1.1.0"\n}\n`, password)
        expect(result.code).not.toBe(0)
        expect(result.output).not.toContain('successfully initialized')
        expect(result.output).toMatch(/401|unauthorized/i)
      }
    }, 180_000)

    it('oras manifest fetch and oras pull read the artifact tofu installs, byte for byte', async () => {
      const cwd = await mkdtemp(join(registry.scratch, 'oras-'))
      // oras speaks plain HTTP to localhost unless told otherwise.
      const credentials = ['--plain-http=false', '--ca-file', registry.ca.caFile, '-u', 'cairn', '-p', registry.token]
      const fetched = await oras(orasBinary, ['manifest', 'fetch', ...credentials, `${repository}:1.1.0`], {
        cwd,
        caFile: registry.ca.caFile,
      })
      expect(fetched.output).not.toContain('Error')
      expect(fetched.code).toBe(0)
      const served = await httpsRequest(manifestUrl('1.1.0'), { ca: registry.caPem, headers: { Authorization: basic() } })
      expect(fetched.stdout.trim()).toBe(served.body.toString())
      const manifest = JSON.parse(fetched.stdout) as { artifactType: string; layers: { mediaType: string; digest: string }[] }
      expect(manifest.artifactType).toBe('application/vnd.opentofu.modulepkg')

      const pulled = await oras(orasBinary, ['pull', ...credentials, '-o', join(cwd, 'out'), `${repository}:1.1.0`], {
        cwd,
        caFile: registry.ca.caFile,
      })
      expect(pulled.output).not.toContain('Error')
      expect(pulled.code).toBe(0)
      const zip = await readFile(join(cwd, 'out', 'module.zip'))
      const blob = await httpsRequest(`https://${repository.replace('/', '/v2/')}/blobs/${manifest.layers[0]?.digest ?? ''}`, {
        ca: registry.caPem,
        headers: { Authorization: basic() },
      })
      expect(zip.equals(blob.body)).toBe(true)
      const { stdout } = await run('unzip', ['-p', join(cwd, 'out', 'module.zip'), 'main.tf'])
      expect(stdout).toContain('from 1.1.0')

      const tags = await oras(orasBinary, ['repo', 'tags', ...credentials, repository], { cwd, caFile: registry.ca.caFile })
      expect(tags.stdout.trim().split('\n')).toEqual(['1.0.0', '1.1.0', '2.0.0'])
    }, 180_000)
  },
)

/** The registry protocol's download answered with the OCI source (CAIRN_MODULE_DOWNLOADS=oci), on the embedded store. */
describe.skipIf(skipped !== undefined)('modules.v1 downloads answered as oci:// sources', () => {
  let registry: GreetingRegistry
  let tofuBinary: string
  const [, openStore] = SERVER_STORES[0] ?? ['', async () => ({ env: {}, drop: async () => undefined })]

  beforeAll(async () => {
    const withOciDownloads = async () => {
      const store = await openStore()
      return { ...store, env: { ...store.env, CAIRN_MODULE_DOWNLOADS: 'oci' } }
    }
    ;[registry, tofuBinary] = await Promise.all([startGreetingRegistry('registry.cairn.test', withOciDownloads), buildTofuOnce(TOFU)])
  }, 20 * 60_000)
  afterAll(() => registry?.dispose())

  it('tofu init of a registry source installs the version through the OCI artifact its download names', async () => {
    const port = new URL(registry.server.url).port
    const dir = await mkdtemp(join(registry.scratch, 'oci-download-'))
    const host = `registry.cairn.test:${port}`
    await writeFile(join(dir, 'main.tf'), `module "greeting" {\n  source  = "${host}/acme/greeting/generic"\n  version = "1.1.0"\n}\n`)
    // The registry host is told where modules.v1 is; the download then names localhost, where the OCI credentials go.
    const cliConfig = [
      `host "${host}" {\n  services = { "modules.v1" = "https://localhost:${port}/api/registry/v1/modules/" }\n}`,
      `credentials "${host}" {\n  token = "${registry.token}"\n}`,
      `oci_credentials "localhost:${port}" {\n  username = "cairn"\n  password = "${registry.token}"\n}`,
    ].join('\n')
    const cliConfigFile = join(dir, 'cli.tfrc')
    await writeFile(cliConfigFile, `${cliConfig}\n`)
    const result = await tofu(tofuBinary, ['init', '-input=false', '-no-color'], { cwd: dir, cliConfigFile, caFile: registry.ca.caFile })
    expect(result.output).toContain('OpenTofu has been successfully initialized')
    expect(result.code).toBe(0)
    const installed = (await installedModules(dir)).get('greeting')
    expect(installed?.version).toBe('1.1.0')
    expect(await readFile(join(installed?.dir ?? '', 'main.tf'), 'utf8')).toContain('from 1.1.0')
  }, 180_000)
})
