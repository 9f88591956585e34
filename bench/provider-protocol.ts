import { typicalArchive } from './archives.ts'
import { createModule, createOrganization, ORGANIZATION, publishVersion } from './cairn-api.ts'
import { expectJson, send } from './http-client.ts'
import { activityPerRequest, PG_STATS_FLUSH_MS, readPgActivity, type PgActivity } from './pg-activity.ts'
import { readProcCpuMicros } from './proc-cpu.ts'
import { startCairn, type CairnProcess } from './processes.ts'
import { createGpgKey, createProvider, publishRelease } from './provider-api.ts'
import { releaseSigner, smallPackage, type ReleaseSigner } from './provider-releases.ts'
import { scratchPostgres } from './protocol-dataset.ts'
import { progress } from './report.ts'
import { loadTest, pairedLoadTest, type LoadOptions, type PairedResult } from './throughput.ts'

export interface ProviderRegistrySize {
  readonly providers: number
  readonly versionsPerProvider: number
  /** `os/arch` of each version's packages. */
  readonly platforms: readonly string[]
}

export interface ProviderProtocolPlan {
  readonly size: ProviderRegistrySize
  readonly connections: number
  readonly seconds: number
  readonly rounds: number
  readonly seedConcurrency: number
}

/** Where one load's server time goes: its CPU and its database work, per request, over one more run of it. */
export interface RequestCost {
  readonly name: string
  readonly requests: number
  readonly cpuMicrosPerRequest: number
  readonly database: PgActivity
}

export interface ProviderProtocolResult {
  readonly size: ProviderRegistrySize
  readonly seedSeconds: number
  readonly loads: readonly PairedResult[]
  readonly costs: readonly RequestCost[]
}

/** Provider `i`'s type (`p042`). */
const providerType = (i: number) => `p${String(i).padStart(3, '0')}`
const versionOf = (v: number) => `1.${v}.0`

/**
 * The provider registry protocol's two reads `init` makes, `versions` and `download`, each for a
 * provider and version drawn at random, on PostgreSQL; seeded over the TFE API as publishers do,
 * every version installable. The module protocol's `download` of one module on the same server is
 * loaded too, as a reference within the run. Then each load once more, counting the server's CPU
 * and its database's commits and scans per request.
 */
export async function benchProviderProtocol(bareUrl: string, plan: ProviderProtocolPlan): Promise<ProviderProtocolResult> {
  const postgres = await scratchPostgres()
  let cairn: CairnProcess | undefined
  const signer = await releaseSigner()
  try {
    cairn = await startCairn({ env: { DATABASE_URL: postgres.url } })
    const server = cairn
    await createOrganization(server)
    await publishVersion(server, await createModule(server, 'template'), '1.0.0', (await typicalArchive()).bytes)
    const seedStarted = performance.now()
    await seed(server, signer, plan)
    const seedSeconds = (performance.now() - seedStarted) / 1000
    const discovery = expectJson<Record<string, string>>(await send('GET', `${server.url}/.well-known/terraform.json`), 200, 'discovery')
    const providersV1 = `${discovery['providers.v1']}${ORGANIZATION}`
    const modulesV1 = `${discovery['modules.v1']}${ORGANIZATION}`
    await expectInstallable(server, providersV1, plan.size)

    const random = () => `${providersV1}/${providerType(Math.floor(Math.random() * plan.size.providers))}`
    const anyVersion = () => versionOf(Math.floor(Math.random() * plan.size.versionsPerProvider))
    const loads: { readonly name: string; readonly load: LoadOptions }[] = [
      { name: 'providers: versions', load: { draw: () => `${random()}/versions` } },
      { name: 'providers: download linux/amd64', load: { draw: () => `${random()}/${anyVersion()}/download/linux/amd64` } },
      { name: 'modules: download, one module (reference)', load: { draw: () => `${modulesV1}/template/aws/1.0.0/download` } },
    ]
    const options = { connections: plan.connections, seconds: plan.seconds, token: server.token }
    const measured: PairedResult[] = []
    for (const { name, load } of loads) {
      measured.push(await pairedLoadTest(name, server.url, { ...options, ...load }, `${bareUrl}/`, plan.rounds))
    }
    // A fast 404 is no measurement: every answer must be the endpoint's success.
    const failing = measured.filter((load) => load.non2xx > 0 || load.errors > 0)
    if (failing.length > 0) throw new Error(`answers other than success from ${failing.map((load) => load.name).join(', ')}`)
    const costs: RequestCost[] = []
    for (const { name, load } of loads) costs.push(await requestCost(name, server, postgres.url, { ...options, ...load }))
    return { size: plan.size, seedSeconds, loads: measured, costs }
  } finally {
    await cairn?.stop()
    await signer.dispose()
    await postgres.drop()
  }
}

/** The providers, the organization's key, and every version signed and uploaded, `seedConcurrency` providers at a time. */
async function seed(server: CairnProcess, signer: ReleaseSigner, plan: ProviderProtocolPlan): Promise<void> {
  const { size } = plan
  progress(`seeding ${size.providers} providers × ${size.versionsPerProvider} versions × ${size.platforms.length} platforms over the API`)
  const keyId = await createGpgKey(server, signer.key.armoredPublicKey)
  let next = 0
  const worker = async () => {
    for (let i = next++; i < size.providers; i = next++) {
      const type = providerType(i)
      await createProvider(server, type)
      for (let v = 0; v < size.versionsPerProvider; v++) {
        const version = versionOf(v)
        const files = size.platforms.map((platform) => {
          const [os = '', arch = ''] = platform.split('/')
          return smallPackage(type, version, os, arch)
        })
        await publishRelease(server, await signer.sign({ type, version, files }), keyId)
      }
      if ((i + 1) % 10 === 0) progress(`seeded ${i + 1} providers`)
    }
  }
  await Promise.all(Array.from({ length: plan.seedConcurrency }, worker))
}

/** Whether the seed is what the loads assume: every version offered with every platform, and a download answer for one. */
async function expectInstallable(server: CairnProcess, providersV1: string, size: ProviderRegistrySize): Promise<void> {
  const last = providerType(size.providers - 1)
  const { versions } = expectJson<{ versions: { platforms: unknown[] }[] }>(
    await send('GET', `${server.url}${providersV1}/${last}/versions`, { token: server.token }),
    200,
    `versions of ${last}`,
  )
  const platforms = versions.reduce((total, version) => total + version.platforms.length, 0)
  if (versions.length !== size.versionsPerProvider || platforms !== size.versionsPerProvider * size.platforms.length) {
    throw new Error(`${last} offers ${versions.length} versions and ${platforms} platforms: the seed is incomplete`)
  }
  const found = expectJson<{ download_url: string }>(
    await send('GET', `${server.url}${providersV1}/${last}/${versionOf(0)}/download/linux/amd64`, { token: server.token }),
    200,
    `download of ${last}`,
  )
  const head = await send('HEAD', found.download_url)
  if (head.status !== 200) throw new Error(`HEAD ${found.download_url}: ${head.status}`)
}

/**
 * One more run of the load, reading the server's CPU time (`/proc`) and its database's
 * statistics before and after the measured seconds: what one request costs, where ratios move
 * with the machine. The statistics are read once the backends have flushed them.
 */
async function requestCost(name: string, server: CairnProcess, databaseUrl: string, load: LoadOptions): Promise<RequestCost> {
  let cpuBefore = 0
  let activityBefore: PgActivity | undefined
  let cost: RequestCost | undefined
  const settle = () => new Promise((resolve) => setTimeout(resolve, PG_STATS_FLUSH_MS))
  await loadTest(`${name} (counted)`, server.url, {
    ...load,
    around: {
      async before() {
        await settle()
        activityBefore = await readPgActivity(databaseUrl)
        cpuBefore = readProcCpuMicros(server.pid)
      },
      async after(requests) {
        const cpuMicrosPerRequest = (readProcCpuMicros(server.pid) - cpuBefore) / requests
        await settle()
        const database = activityPerRequest(
          activityBefore ?? (await readPgActivity(databaseUrl)),
          await readPgActivity(databaseUrl),
          requests,
        )
        cost = { name, requests, cpuMicrosPerRequest, database }
      },
    },
  })
  if (cost === undefined) throw new Error(`${name}: no cost measured`)
  return cost
}
