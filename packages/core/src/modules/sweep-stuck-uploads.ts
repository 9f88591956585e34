import type { BlobStore } from '../ports/blob-store.ts'
import type { JobQueue } from '../ports/job-queue.ts'
import { failAttempt, TRY_AGAIN, type OutcomeDeps } from './attempt-outcomes.ts'
import { archiveKey, type ModuleVersion } from './module-version.ts'
import { ANALYSE_UPLOAD_JOB, queueUploadAnalysis } from './upload-jobs.ts'

export interface SweepStuckUploadsDeps extends OutcomeDeps {
  readonly blobs: BlobStore
  readonly jobs: JobQueue
}

/**
 * How long an upload attempt stays `reg_ingressing` before the sweep takes it for lost: twice the
 * analysis job's timeout (10 minutes). Longer than a PUT can stream its archive on the standalone
 * server (Node's request timeout, 5 minutes), so an attempt whose archive is not stored by then
 * never will be; and longer than one attempt of its analysis.
 */
export const STUCK_UPLOAD_AFTER_MS = 2 * ANALYSE_UPLOAD_JOB.timeoutSeconds * 1000

const BATCH = 100

/** What one sweep did, by version id. */
export interface SweptUploads {
  readonly requeued: string[]
  readonly failed: string[]
}

/**
 * Settles attempts that a crash left `reg_ingressing`, whichever route they came by: a process
 * killed after storing the archive but before queueing its analysis, or during the analysis
 * job's last attempt. An attempt whose archive is stored has its analysis queued again (the job's
 * key makes that a no-op while the job still waits); one whose archive is not (its PUT never
 * finished, so was never acknowledged) fails with the reason, and a version that serves an
 * archive keeps serving it. Safe beside uploads, jobs and other processes' sweeps: it only
 * touches an attempt that is still the version's latest and unsettled.
 */
export class SweepStuckUploads {
  readonly #deps: SweepStuckUploadsDeps

  constructor(deps: SweepStuckUploadsDeps) {
    this.#deps = deps
  }

  async execute(): Promise<SweptUploads> {
    const swept: SweptUploads = { requeued: [], failed: [] }
    const before = new Date(this.#deps.clock.now().getTime() - STUCK_UPLOAD_AFTER_MS)
    let ids: string[]
    do {
      // Each id swept leaves the set (re-queued attempts are touched, failed ones settled), so this ends.
      ids = await this.#deps.unitOfWork.read(({ moduleHousekeeping }) => moduleHousekeeping.stuckUploadIds(before, BATCH))
      for (const id of ids) await this.#sweep(id, before, swept)
    } while (ids.length === BATCH)
    return swept
  }

  async #sweep(id: string, before: Date, swept: SweptUploads): Promise<void> {
    const version = await this.#deps.unitOfWork.read(({ moduleVersions }) => moduleVersions.findById(id))
    if (version === undefined || !isStuck(version, before)) return
    const attempt = { versionId: id, uploadGeneration: version.uploadGeneration }
    const blobKey = archiveKey(version)
    if (!(await this.#deps.blobs.has(blobKey))) {
      const reason = `the archive did not arrive whole; ${TRY_AGAIN}`
      if ((await failAttempt(this.#deps, attempt, { transition: 'refuseArchive', reason })) !== undefined) swept.failed.push(id)
      return
    }
    // A blob store learns a blob's digest only as it stores it: storing the archive onto itself
    // gives the digest and size the analysis records, and leaves the content as it was (a put is
    // atomic; the reader sees the old blob whole).
    const stored = await this.#deps.blobs.put(blobKey, await this.#deps.blobs.get(blobKey))
    // Touched first, so that the next sweep leaves it alone for another bound.
    if (!(await this.#touch(version))) return
    await queueUploadAnalysis(this.#deps.jobs, { ...attempt, ...stored })
    swept.requeued.push(id)
  }

  /** Counts the attempt as under way again, if it is still the version's latest and stuck; answers whether it did. */
  #touch(version: ModuleVersion): Promise<boolean> {
    return this.#deps.unitOfWork.run(async ({ moduleVersions }) => {
      const current = await moduleVersions.findById(version.id)
      const since = version.attempt?.at ?? version.updatedAt
      if (current?.isLatestAttempt(version.uploadGeneration) !== true || !isStuck(current, since)) return false
      await moduleVersions.update(current.analysisRequeued(version.uploadGeneration, this.#deps.clock.now()))
      return true
    })
  }
}

/** Its latest attempt `reg_ingressing`, and unchanged since `since` (inclusive). */
function isStuck(version: ModuleVersion, since: Date): boolean {
  return version.stage === 'reg_ingressing' && (version.attempt?.at.getTime() ?? Infinity) <= since.getTime()
}
