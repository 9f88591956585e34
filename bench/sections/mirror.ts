import { benchMirror, type MirrorResult } from '../mirror.ts'
import { PLAN } from '../plan.ts'
import { startBare } from '../processes.ts'
import { mib, PAIRED_HEADERS, pairedRow, table } from '../report.ts'

/** The provider network mirror (issue 36): its reads against the bare endpoint, and memory while a large archive is pulled through. */
export async function mirrorSection(): Promise<MirrorResult> {
  const bare = await startBare()
  let result: MirrorResult
  try {
    result = await benchMirror(bare.url, PLAN.mirror)
  } finally {
    await bare.stop()
  }
  const { providers, versionsPerProvider, connections, seconds, rounds } = PLAN.mirror
  console.log(
    table(
      `Provider network mirror, embedded default: ${result.importedArchives} archives (${providers} providers × ${versionsPerProvider} versions) imported as one tar in ${result.importSeconds} s; autocannon, ${connections} connections, ${seconds} s, a random provider and version per request, the Cairn token as Bearer (none on the archive link); each load ${rounds} times right after the bare endpoint, the round of the median ratio shown`,
      PAIRED_HEADERS,
      result.loads.map(pairedRow),
    ),
  )
  const { pull } = result
  console.log(
    table(
      `Server memory while a ${mib(pull.archiveBytes)} MiB provider zip is pulled through from a fake origin over HTTPS and served (MiB of server RSS)`,
      ['baseline', 'peak', 'growth', 'after', 'pull s', 'peak from VmHWM'],
      [
        [
          mib(pull.baselineRss),
          mib(pull.peakRss),
          mib(pull.growth),
          mib(pull.rssAfter),
          (pull.pullMs / 1000).toFixed(1),
          pull.peakFromKernel ? 'yes' : 'no',
        ],
      ],
    ),
  )
  return result
}
