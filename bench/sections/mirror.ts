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
  const row = (name: string, run: typeof pull.pull) => [
    name,
    mib(run.baselineRss),
    mib(run.peakRss),
    mib(run.growth),
    mib(run.rssAfter),
    (run.ms / 1000).toFixed(1),
    run.peakFromKernel ? 'yes' : 'no',
  ]
  console.log(
    table(
      `Server memory while a ${mib(pull.archiveBytes)} MiB provider zip is pulled through from a fake origin over HTTPS, served again from the blob store, then another version's zip of that size pulled through (MiB of server RSS)`,
      ['GET', 'baseline', 'peak', 'growth', 'after', 's', 'peak from VmHWM'],
      [
        row('pull-through (origin → blob store → h1 → client)', pull.pull),
        row('served again (blob store → client)', pull.served),
        row('another version pulled through', pull.secondPull),
      ],
    ),
  )
  console.log(
    table(
      `Provider network mirror with pull-through on, the pulled provider's JSON answers (the origin asked ${pull.originVersionQuestions} times for its versions during these loads); autocannon as above`,
      PAIRED_HEADERS,
      pull.loads.map(pairedRow),
    ),
  )
  return result
}
