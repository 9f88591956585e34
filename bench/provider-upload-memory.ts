import { join } from 'node:path'
import { rm } from 'node:fs/promises'
import { createOrganization } from './cairn-api.ts'
import { settled } from './memory.ts'
import { readProcMemory, resetPeak, RssSampler, type Sample } from './proc-memory.ts'
import { startCairn, type CairnProcess } from './processes.ts'
import { createGpgKey, createProvider, publishRelease } from './provider-api.ts'
import { largePackage, releaseSigner, smallPackage } from './provider-releases.ts'
import { progress } from './report.ts'
import { MiB, round } from './stats.ts'

/** Issue 33's target: a streamed provider binary upload grows the server by less than this. */
export const BINARY_GROWTH_LIMIT_BYTES = 32 * MiB

export interface BinaryUploadRun {
  readonly baselineRss: number
  /** The higher of `VmHWM` (reset before the PUT) and every 10 ms sample. */
  readonly peakRss: number
  readonly growth: number
  readonly rssAfter: number
  readonly uploadMs: number
  readonly mibPerSecond: number
  readonly peakFromKernel: boolean
}

export interface BinaryUploadResult {
  readonly binaryBytes: number
  readonly limitBytes: number
  /** The server's resident set once settled after starting, and after the warm-up release. */
  readonly idleRss: number
  readonly warmRss: number
  readonly runs: readonly BinaryUploadRun[]
  readonly worstGrowth: number
  readonly pass: boolean
}

/**
 * A fresh Cairn on the embedded default takes a small release (warming the upload path and the
 * signature check), then `runs` releases whose linux/amd64 package is `binaryBytes` of random
 * bytes, each streamed from disk to its `provider-binary-upload` link while the server's
 * resident set is watched through `/proc`: the server hashes and stores the body as it comes, so
 * it should grow by a few buffers, not by the file.
 */
export async function benchBinaryUpload(work: string, binaryBytes: number, runs: number): Promise<BinaryUploadResult> {
  const server = await startCairn()
  const signer = await releaseSigner()
  const path = join(work, 'provider-binary')
  try {
    await createOrganization(server)
    await createProvider(server, 'large')
    const keyId = await createGpgKey(server, signer.key.armoredPublicKey)
    const idleRss = await settled(server.pid)
    const warmup = { type: 'large', version: '0.0.1', files: [smallPackage('large', '0.0.1', 'linux', 'amd64')] }
    await publishRelease(server, await signer.sign(warmup), keyId)
    const warmRss = await settled(server.pid)
    const measured: BinaryUploadRun[] = []
    for (let i = 0; i < runs; i++) {
      const version = `1.0.${i}`
      progress(`providers: writing a ${Math.round(binaryBytes / MiB)} MiB provider binary`)
      const file = await largePackage(path, binaryBytes, 'large', version)
      measured.push(await measureUpload(server, await signer.sign({ type: 'large', version, files: [file] }), keyId, binaryBytes))
      progress(`providers: binary upload ${i + 1}/${runs}: growth ${((measured.at(-1)?.growth ?? 0) / MiB).toFixed(1)} MiB`)
    }
    const worstGrowth = Math.max(...measured.map((run) => run.growth))
    return {
      binaryBytes,
      limitBytes: BINARY_GROWTH_LIMIT_BYTES,
      idleRss,
      warmRss,
      runs: measured,
      worstGrowth,
      pass: worstGrowth < BINARY_GROWTH_LIMIT_BYTES,
    }
  } finally {
    await server.stop()
    await signer.dispose()
    await rm(path, { force: true })
  }
}

async function measureUpload(
  server: CairnProcess,
  release: Parameters<typeof publishRelease>[1],
  keyId: string,
  binaryBytes: number,
): Promise<BinaryUploadRun> {
  let sampler: RssSampler | undefined
  let baselineRss = 0
  let peakFromKernel = false
  let started = 0
  await publishRelease(server, release, keyId, {
    // After the version, its files and the platform are made: only the package's PUT is watched.
    beforeUpload: async () => {
      // Let the server settle after the previous requests (a reply is sent before it has cleaned up).
      await new Promise((resolve) => setTimeout(resolve, 500))
      baselineRss = readProcMemory(server.pid).rss
      peakFromKernel = resetPeak(server.pid)
      sampler = new RssSampler(server.pid)
      started = performance.now()
    },
  })
  const uploadMs = performance.now() - started
  const samples = sampler?.stop() ?? []
  const after = readProcMemory(server.pid)
  const sampledPeak = samples.reduce((peak, sample: Sample) => Math.max(peak, sample.rss), 0)
  const peakRss = Math.max(peakFromKernel ? after.hwm : 0, sampledPeak)
  return {
    baselineRss,
    peakRss,
    growth: peakRss - baselineRss,
    rssAfter: after.rss,
    uploadMs: round(uploadMs, 1),
    mibPerSecond: round(binaryBytes / MiB / (uploadMs / 1000), 1),
    peakFromKernel,
  }
}
