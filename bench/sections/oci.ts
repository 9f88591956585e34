import { benchOci, type OciResult } from '../oci.ts'
import { PLAN } from '../plan.ts'
import { startBare } from '../processes.ts'
import { PAIRED_HEADERS, pairedRow, table } from '../report.ts'

/** Modules as OCI artifacts (issue 37): the manifest and blob reads against the bare endpoint. */
export async function ociSection(): Promise<OciResult> {
  const bare = await startBare()
  let result: OciResult
  try {
    result = await benchOci(bare.url, PLAN.oci)
  } finally {
    await bare.stop()
  }
  const { versions, connections, seconds, rounds } = PLAN.oci
  console.log(
    table(
      `OCI distribution (/v2/), embedded default: ${versions} versions of the typical module (zip ${(result.zipBytes / 1024).toFixed(1)} KiB), packages built beforehand; autocannon, ${connections} connections, ${seconds} s, a random version per request, the Cairn token as Bearer; each load ${rounds} times right after the bare endpoint, the round of the median ratio shown`,
      PAIRED_HEADERS,
      result.loads.map(pairedRow),
    ),
  )
  console.log(
    table(
      'Server CPU per request (user + system, /proc), over one more run of each load',
      ['endpoint', 'CPU µs'],
      Object.entries(result.cpuMicrosPerRequest).map(([name, micros]) => [name, micros.toFixed(0)]),
    ),
  )
  return result
}
