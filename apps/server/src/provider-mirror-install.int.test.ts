import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getCACertificates, setDefaultCACertificates } from 'node:tls'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from './cli/serve.ts'
import { GO } from './cli/test-support/go-tfe-client.ts'
import { userToken } from './test-support/cli.ts'
import { startFakeProviderOrigin, type FakeProviderOrigin } from './test-support/fake-provider-origin.ts'
import { buildTofuOnce, tofu, TOFU_VERSION, whyNoTofu, type TofuResult } from './test-support/opentofu.ts'
import { makeProviderRelease, whyNoProviderRelease, type ProviderRelease } from './test-support/provider-release.ts'
import { testConfig } from './test-support/test-config.ts'
import { makeThrowawayCa, type ThrowawayCa } from './test-support/throwaway-ca.ts'
import { throwawayGpgKey, type ThrowawayGpgKey } from './test-support/throwaway-gpg-key.ts'
import { buildTimeProviderOnce, TIME_PROVIDER_VERSION } from './test-support/time-provider.ts'

const TERRAFORM = '/usr/local/bin/terraform'
const MIRROR = '/api/registry/mirror/v1/'

const noRelease = whyNoProviderRelease(GO)
const noTerraform = existsSync(TERRAFORM) ? undefined : `${TERRAFORM} is absent, so no tree can be written with terraform providers mirror`
const skipped = noRelease ?? noTerraform
if (skipped !== undefined) console.warn(`\n!!! SKIPPING the provider mirror tests with the real CLIs: ${skipped}\n`)

const CLIS = [
  { cli: `OpenTofu ${TOFU_VERSION}`, skipped: whyNoTofu(), binary: buildTofuOnce },
  { cli: 'Terraform', skipped: noTerraform, binary: async () => TERRAFORM },
]

/** The lock file's hashes of one provider, as `init` wrote them. */
function lockedHashes(lock: string): string[] {
  return [...(/hashes = \[([^\]]*)\]/.exec(lock)?.[1] ?? '').matchAll(/"([^"]+)"/g)].map((match) => match[1] ?? '')
}

/**
 * terraform-provider-time from the Go module proxy, released and signed with a throw-away key on a
 * fake origin registry over HTTPS: `terraform providers mirror` writes its tree, which is imported
 * into Cairn, and the origin is stopped; then each CLI, with a network_mirror as its only
 * installation method, installs it from Cairn with the lock file holding the mirror's hashes. A
 * second namespace is pulled through from the origin by the same `init`.
 */
describe.skipIf(skipped !== undefined)(`terraform-provider-time ${TIME_PROVIDER_VERSION} through Cairn's network mirror`, () => {
  let key: ThrowawayGpgKey
  let releases: ProviderRelease[]
  let ca: ThrowawayCa
  let origin: FakeProviderOrigin
  let server: RunningServer
  let token: string
  let scratch: string

  beforeAll(async () => {
    const build = await buildTimeProviderOnce(GO ?? 'go')
    key = await throwawayGpgKey()
    releases = await Promise.all(
      ['hashicorp', 'pulled0', 'pulled1'].map((namespace) =>
        makeProviderRelease({ binary: build, namespace, type: 'time', version: TIME_PROVIDER_VERSION, key }),
      ),
    )
    ca = await makeThrowawayCa(['localhost'])
    // The server runs in this process: its pulls trust the throw-away CA as the CLIs do through SSL_CERT_FILE.
    setDefaultCACertificates([...getCACertificates('default'), await readFile(ca.caFile, 'utf8')])
    // On 443, so that the providers' hostname is plain `localhost`: the CLIs take `host:port` in a
    // source address but not in the network mirror's paths (`localhost:8443/…` reads as a URL scheme).
    origin = await startFakeProviderOrigin(ca, releases, key.armoredPublicKey, 443)
    scratch = await mkdtemp(join(tmpdir(), 'cairn-provider-mirror-'))
    const env = {
      CAIRN_DATA_DIR: join(scratch, 'data'),
      PORT: '0',
      CAIRN_TLS_CERT: ca.certFile,
      CAIRN_TLS_KEY: ca.keyFile,
      CAIRN_MIRROR_PULL_THROUGH: 'true',
      CAIRN_MIRROR_ALLOW: `${origin.hostname}/*/time`,
    }
    token = await userToken(env, 'admin', true)
    server = await startServer(testConfig(env))
  }, 20 * 60_000)

  afterAll(async () => {
    await server?.stop()
    await origin?.close()
    for (const release of releases ?? []) await release.dispose()
    await key?.dispose()
    await ca?.dispose()
    if (scratch !== undefined) await rm(scratch, { recursive: true, force: true })
  })

  const cairnHost = () => new URL(server.url).host

  /** A configuration requiring `<origin>/<namespace>/time`, in a fresh folder. */
  async function configuration(namespace: string): Promise<string> {
    const dir = await mkdtemp(join(scratch, `${namespace}-`))
    const source = `${origin.hostname}/${namespace}/time`
    await writeFile(
      join(dir, 'main.tf'),
      `terraform {\n  required_providers {\n    time = {\n      source  = "${source}"\n      version = "${TIME_PROVIDER_VERSION}"\n    }\n  }\n}\n`,
    )
    return dir
  }

  /** Runs a CLI whose only way to providers is Cairn's network mirror, with Cairn's token for its host. */
  async function throughMirror(binary: string, dir: string, args: readonly string[]): Promise<TofuResult> {
    const config = join(dir, 'cli.tfrc')
    await writeFile(
      config,
      `provider_installation {\n  network_mirror {\n    url = "https://${cairnHost()}${MIRROR}"\n  }\n}\n` +
        `credentials "${cairnHost()}" {\n  token = "${token}"\n}\n`,
    )
    return tofu(binary, args, { cwd: dir, cliConfigFile: config, caFile: ca.caFile })
  }

  async function mirrorHashes(namespace: string): Promise<string[]> {
    const response = await fetch(
      new URL(`${MIRROR.slice(1)}${origin.hostname}/${namespace}/time/${TIME_PROVIDER_VERSION}.json`, server.url),
      {
        headers: { Authorization: `Bearer ${token}` },
      },
    )
    const document = (await response.json()) as { archives: Record<string, { hashes?: string[] }> }
    return Object.values(document.archives).flatMap((archive) => archive.hashes ?? [])
  }

  it('imports the tree terraform providers mirror writes of the release, checked against its h1 hashes', async () => {
    const dir = await configuration('hashicorp')
    const tree = join(dir, 'tree')
    await mkdir(tree)
    const config = join(dir, 'direct.tfrc')
    await writeFile(config, '')
    const platform = `${releases[0]?.platforms[0]?.os}_${releases[0]?.platforms[0]?.arch}`
    const mirrored = await tofu(TERRAFORM, ['providers', 'mirror', `-platform=${platform}`, tree], {
      cwd: dir,
      cliConfigFile: config,
      caFile: ca.caFile,
    })
    expect(mirrored.output).toContain('- Mirroring')
    expect(mirrored.code).toBe(0)
    const imported = await fetch(new URL('api/v2/admin/provider-mirror/imports', server.url), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: new Uint8Array(execFileSync('tar', ['-C', tree, '-cz', '.'], { maxBuffer: 1 << 30 })),
    })
    expect(imported.status).toBe(201)
    const written = JSON.parse(
      await readFile(join(tree, origin.hostname, 'hashicorp', 'time', `${TIME_PROVIDER_VERSION}.json`), 'utf8'),
    ) as { archives: Record<string, { hashes: string[] }> }
    // terraform's own h1 of the zip is the one the mirror computed and serves.
    expect(await mirrorHashes('hashicorp')).toEqual(expect.arrayContaining(written.archives[platform]?.hashes ?? ['missing']))
  }, 300_000)

  for (const { cli, skipped: cliSkipped, binary } of CLIS) {
    it.skipIf(cliSkipped !== undefined)(
      `${cli} init installs the imported provider from the mirror alone, the lock file holding its hashes`,
      async () => {
        const dir = await configuration('hashicorp')
        const zipFetches = origin.zipFetches()
        // The origin is down: what the mirror holds is all there is.
        origin.behaviour = 500
        try {
          const init = await throughMirror(await binary(), dir, ['init', '-input=false', '-no-color'])
          expect(init.output).toContain('Installed')
          expect(init.code).toBe(0)
        } finally {
          origin.behaviour = 'normal'
        }
        const locked = lockedHashes(await readFile(join(dir, '.terraform.lock.hcl'), 'utf8'))
        const served = await mirrorHashes('hashicorp')
        // The CLI's own h1 of what it unpacked is the mirror's, and it locks no hash the mirror did not give.
        expect(locked).toContain(served[0])
        expect(served).toEqual(expect.arrayContaining(locked))
        expect(origin.zipFetches()).toBe(zipFetches)
      },
      600_000,
    )
  }

  CLIS.forEach(({ cli, skipped: cliSkipped, binary }, index) => {
    const namespace = `pulled${index}`
    it.skipIf(cliSkipped !== undefined)(
      `${cli} init pulls a provider the mirror lacks through from the origin, the lock file holding its hashes`,
      async () => {
        const dir = await configuration(namespace)
        const init = await throughMirror(await binary(), dir, ['init', '-input=false', '-no-color'])
        expect(init.output).toContain('Installed')
        expect(init.code).toBe(0)
        const locked = lockedHashes(await readFile(join(dir, '.terraform.lock.hcl'), 'utf8'))
        const hashes = await mirrorHashes(namespace)
        const release = releases.find((candidate) => candidate.namespace === namespace)
        expect(hashes).toEqual([expect.stringMatching(/^h1:/), `zh:${release?.platforms[0]?.shasum}`])
        expect(locked).toContain(hashes[0])
        expect(hashes).toEqual(expect.arrayContaining(locked))
      },
      600_000,
    )
  })
})
