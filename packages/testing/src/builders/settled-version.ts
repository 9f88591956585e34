import type { ModuleVersion, ModuleVersionStatus, UnitOfWork } from '@cairn/core'

/** Statuses a version leaves by itself, once its job (upload analysis, VCS ingestion) has run. */
const UNDER_WAY: ReadonlySet<ModuleVersionStatus> = new Set(['pending', 'cloning', 'reg_ingressing'])

/**
 * The version once it has settled (`ok`, or a failed status with its reason): an upload answers
 * `reg_ingressing`, and a job settles the version shortly after. Polls the store; throws after
 * `timeoutMs` with the status it was stuck in. Needs the queue's jobs worked (`workJobs`).
 */
export async function settledVersion(unitOfWork: UnitOfWork, versionId: string, timeoutMs = 10_000): Promise<ModuleVersion> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const version = await unitOfWork.read(({ registryModules }) => registryModules.findVersionById(versionId))
    if (version === undefined) throw new Error(`version ${versionId} is gone`)
    if (!UNDER_WAY.has(version.status)) return version
    if (Date.now() > deadline) throw new Error(`version ${versionId} is still ${version.status} after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
