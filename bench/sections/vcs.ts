import { typicalArchive } from '../archives.ts'
import { createOrganization } from '../cairn-api.ts'
import { PLAN } from '../plan.ts'
import { startCairn, type CairnProcess } from '../processes.ts'
import { mib, ms, progress, ratio, table } from '../report.ts'
import { benchVcs, gitHostWithTags, type VcsResult } from '../vcs.ts'

/** A repository of 100 semver tags published from git, on a fresh Cairn of its own. */
export async function vcsSection(): Promise<VcsResult> {
  // Built first: a repository of 100 tags takes long enough for Cairn's idle connections to close.
  const git = await gitHostWithTags(PLAN.vcs.tags)
  let cairn: CairnProcess | undefined
  try {
    progress('starting Cairn for the VCS section')
    // The git host is on loopback, which Cairn's git client reaches only when allowed.
    cairn = await startCairn({ env: { CAIRN_VCS_ALLOWED_HOSTS: '127.0.0.1' } })
    await createOrganization(cairn)
    const result = await benchVcs(cairn, git, { ...PLAN.vcs, typical: await typicalArchive() })
    console.log(
      table(
        `Publishing from git: ${result.tags} semver tags of the network module, git http-backend on loopback, until every version is ok`,
        ['tags', 'wall s', 'per tag ms', 'upload median ms', 'per tag ÷ upload', 'baseline RSS MiB', 'peak RSS MiB'],
        [
          [
            String(result.tags),
            (result.wallMs / 1000).toFixed(1),
            ms(result.perTagMs),
            ms(result.upload.median),
            ratio(result.perTagOverUpload),
            mib(result.baselineRss),
            mib(result.peakRss),
          ],
        ],
      ),
    )
    console.log(
      `Upload path: ${result.upload.n} versions of the same module, POST …/versions, PUT, read until ok. Peak from VmHWM: ${result.peakFromKernel ? 'yes' : 'no, samples only'}.`,
    )
    return result
  } finally {
    await cairn?.stop()
    await git.close()
  }
}
