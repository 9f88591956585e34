import type { ModuleVersion, UnitOfWork } from '@cairn/core'

/** Statuses a version leaves by itself, once its job (upload analysis, VCS ingestion) has run. */
const UNDER_WAY: ReadonlySet<string> = new Set(['pending', 'cloning', 'reg_ingressing'])

/**
 * What `read` answers once the version it reads has settled (`ok`, or a failed status with its
 * reason): an upload answers `reg_ingressing`, and a job settles the version shortly after. Polls;
 * throws after `timeoutMs` with the status it was stuck in. Needs the queue's jobs worked.
 * `statusOf` names the latest attempt's status while there is one (a version `ok` stays `ok`
 * while a new archive is analysed), else the version's.
 */
export async function untilSettled<T>(read: () => Promise<T>, statusOf: (read: T) => string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const current = await read()
    const status = statusOf(current)
    if (!UNDER_WAY.has(status)) return current
    if (Date.now() > deadline) throw new Error(`the version is still ${status} after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** The version once its latest attempt has settled, read from the store (see `untilSettled`). */
export function settledVersion(unitOfWork: UnitOfWork, versionId: string, timeoutMs?: number): Promise<ModuleVersion> {
  const read = async () => {
    const version = await unitOfWork.read(({ moduleVersions }) => moduleVersions.findById(versionId))
    if (version === undefined) throw new Error(`version ${versionId} is gone`)
    return version
  }
  return untilSettled(read, (version) => version.attempt?.status ?? version.status, timeoutMs)
}
