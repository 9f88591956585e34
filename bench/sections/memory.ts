import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { typicalArchive, writeLargeArchive } from '../archives.ts'
import { benchMemory, benchScaling, type MemoryResult, type ScalingResult } from '../memory.ts'
import { PLAN } from '../plan.ts'
import { mb, mib, progress, table } from '../report.ts'
import { MiB } from '../stats.ts'

/** The 100 MiB upload, on fresh Cairns of their own so that nothing earlier has grown their heaps. */
export async function memorySection(work: string): Promise<MemoryResult & { readonly scaling: ScalingResult }> {
  progress('writing the 100 MiB archive')
  const large = await writeLargeArchive(join(work, 'large.tar.gz'))
  const warmup = await typicalArchive()
  const result = await benchMemory(large, warmup, PLAN.memory)
  await rm(large.path)
  progress(`writing the ${PLAN.memory.scalingBlobs * 12.5} MiB archive`)
  const huge = await writeLargeArchive(join(work, 'huge.tar.gz'), PLAN.memory.scalingBlobs)
  const scaling = await benchScaling(huge, warmup)
  await rm(huge.path)
  printMemory(result, scaling)
  return { ...result, scaling }
}

function printMemory(result: MemoryResult, scaling: ScalingResult): void {
  console.log(
    table(
      `Server memory while a ${mib(result.archive.size)} MiB archive is uploaded (MiB; resident set size of the server process)`,
      ['server', 'run', 'baseline', 'peak', 'growth', 'peak sending', 'peak after', 'PUT s', 'MiB/s', 'client growth'],
      result.servers.flatMap((server, s) =>
        server.runs.map((run, i) => [
          i === 0 ? `${s + 1} (idle ${mib(server.idleRss)}, warm ${mib(server.warmRss)})` : '',
          String(i + 1),
          mib(run.baselineRss),
          mib(run.peakRss),
          mib(run.growth),
          mib(run.peakWhileSending),
          mib(run.peakAfterSent),
          (run.uploadMs / 1000).toFixed(2),
          run.mibPerSecond.toFixed(1),
          mib(run.clientGrowth),
        ]),
      ),
    ),
  )
  const runs = result.servers.flatMap((server) => server.runs)
  console.log(
    `Worst growth ${mib(result.worstGrowth)} MiB (${mb(result.worstGrowth)} MB) against a limit of ${result.limitBytes / MiB} MiB` +
      ` (${mb(result.limitBytes)} MB): ${result.pass ? 'PASS' : 'FAIL'}` +
      ` (median of the first uploads ${mib(result.firstUploadGrowth.median)} MiB; peak from VmHWM: ${runs.every((run) => run.peakFromKernel) ? 'yes' : 'no, samples only'})`,
  )
  const huge = scaling.server.runs[0]
  if (huge !== undefined) {
    console.log(
      `Scaling: a ${mib(scaling.archive.size)} MiB archive (CAIRN_ARCHIVE_MAX_BYTES=${scaling.env['CAIRN_ARCHIVE_MAX_BYTES']}) grows a fresh server by` +
        ` ${mib(huge.growth)} MiB (baseline ${mib(huge.baselineRss)}, peak ${mib(huge.peakRss)}, PUT ${(huge.uploadMs / 1000).toFixed(2)} s).`,
    )
  }
}
