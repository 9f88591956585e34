import { typicalArchive } from './archives.ts'
import { createModule, createOrganization, ORGANIZATION, publishVersion } from './cairn-api.ts'
import { expectJson, send } from './http-client.ts'
import { readProcCpuMicros } from './proc-cpu.ts'
import { startCairn } from './processes.ts'
import { progress } from './report.ts'
import { loadTest, pairedLoadTest, type PairedResult } from './throughput.ts'

export interface OciPlan {
  readonly versions: number
  readonly connections: number
  readonly seconds: number
  readonly rounds: number
}

export interface OciResult {
  /** The zip's size, the typical module's. */
  readonly zipBytes: number
  readonly loads: readonly PairedResult[]
  /** Server CPU per request of each load, over one more run of it (/proc, user + system). */
  readonly cpuMicrosPerRequest: Readonly<Record<string, number>>
}

/**
 * The OCI read path `tofu init` takes for an `oci://` module (issue 37), on the embedded default:
 * GET of the manifest by tag and by digest, and of the zip blob, a random version each request,
 * against the bare endpoint, and the registry protocol's download of the same versions as a
 * reference; the packages built beforehand by one request each, as a first pull builds them.
 */
export async function benchOci(bareUrl: string, plan: OciPlan): Promise<OciResult> {
  const cairn = await startCairn()
  try {
    await createOrganization(cairn)
    const modulePath = await createModule(cairn, 'vpc')
    const archive = (await typicalArchive()).bytes
    const versions = Array.from({ length: plan.versions }, (_, v) => `1.${v}.0`)
    for (const version of versions) await publishVersion(cairn, modulePath, version, archive)
    const repository = `/v2/${ORGANIZATION}/modules/vpc/aws`
    const digests = new Map<string, { manifest: string; layer: string }>()
    let zipBytes = 0
    progress(`building the OCI packages of ${plan.versions} versions`)
    for (const version of versions) {
      const reply = await send('GET', `${cairn.url}${repository}/manifests/${version}`, { token: cairn.token })
      const manifest = expectJson<{ layers: { digest: string; size: number }[] }>(reply, 200, `manifest of ${version}`)
      const [layer] = manifest.layers
      digests.set(version, { manifest: String(reply.headers['docker-content-digest']), layer: layer?.digest ?? '' })
      zipBytes = layer?.size ?? 0
    }
    const anyVersion = () => versions[Math.floor(Math.random() * versions.length)] ?? '1.0.0'
    const download = `/api/registry/v1/modules/${ORGANIZATION}/vpc/aws`
    const loads = [
      { name: 'modules.v1: download (reference)', draw: () => `${download}/${anyVersion()}/download` },
      { name: 'OCI: manifest by tag', draw: () => `${repository}/manifests/${anyVersion()}` },
      { name: 'OCI: manifest by digest', draw: () => `${repository}/manifests/${digests.get(anyVersion())?.manifest ?? ''}` },
      { name: 'OCI: zip blob', draw: () => `${repository}/blobs/${digests.get(anyVersion())?.layer ?? ''}` },
    ]
    const options = { connections: plan.connections, seconds: plan.seconds, token: cairn.token }
    const measured: PairedResult[] = []
    for (const { name, draw } of loads)
      measured.push(await pairedLoadTest(name, cairn.url, { ...options, draw }, `${bareUrl}/`, plan.rounds))
    const failing = measured.filter((load) => load.non2xx > 0 || load.errors > 0)
    if (failing.length > 0) throw new Error(`answers other than success from ${failing.map((load) => load.name).join(', ')}`)
    const cpuMicrosPerRequest: Record<string, number> = {}
    for (const { name, draw } of loads) {
      const before = readProcCpuMicros(cairn.pid)
      const run = await loadTest(name, cairn.url, { ...options, draw })
      cpuMicrosPerRequest[name] = (readProcCpuMicros(cairn.pid) - before) / Math.max(1, run.requestsPerSecond * run.durationSeconds)
    }
    return { zipBytes, loads: measured, cpuMicrosPerRequest }
  } finally {
    await cairn.stop()
  }
}
