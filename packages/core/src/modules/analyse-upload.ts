import { CairnError, isCairnError } from '../errors/cairn-error.ts'
import type { BlobStore } from '../ports/blob-store.ts'
import type { JobAttempt } from '../ports/job-queue.ts'
import type { ModuleAnalyzer } from '../ports/module-analyzer.ts'
import { failAttempt, refusalReason, settleAttempt, TRY_AGAIN, type AttemptRef, type OutcomeDeps } from './attempt-outcomes.ts'
import type { ModuleMetadata } from './module-metadata.ts'
import { archiveKey, type ModuleArchive, type ModuleVersion } from './module-version.ts'

export interface AnalyseUploadDeps extends OutcomeDeps {
  readonly blobs: BlobStore
  readonly analyzer: ModuleAnalyzer
}

/** One stored attempt, as its route recorded it (an upload link, a VCS ingestion): which version, which attempt, what bytes. */
export interface StoredUpload extends AttemptRef {
  readonly sha256: string
  readonly size: number
}

/**
 * The settling step of both publishing routes, once an attempt's archive is stored (spec §3):
 * analyses it, then serves it with its details (the module set up, the archive it replaced
 * dropped), or records the reason it was refused, leaving the archive served, if any, as it was.
 * Only the latest attempt of a version can settle it: when a newer one claimed the version
 * meanwhile, this attempt's archive is dropped and the version left to the newer one. Runs as a
 * job: a failure that is not the archive's (the blob store down, the analysis overrunning) is
 * raised to be retried, and recorded on the version on the last attempt, so that no attempt stays
 * `reg_ingressing` for good.
 */
export class AnalyseUpload {
  readonly #deps: AnalyseUploadDeps

  constructor(deps: AnalyseUploadDeps) {
    this.#deps = deps
  }

  async execute(upload: StoredUpload, attempt: JobAttempt): Promise<void> {
    const blobKey = archiveKey({ id: upload.versionId, uploadGeneration: upload.uploadGeneration })
    const current = await this.#attemptOf(upload)
    if (current === 'superseded') return this.#drop(upload, blobKey)
    if (current === undefined) return
    let metadata: ModuleMetadata
    try {
      metadata = await abortable(this.#analyse(blobKey), attempt.signal)
    } catch (error) {
      const refused = isCairnError(error, 'invalid') ? refusalReason(error) : undefined
      if (refused === undefined && !attempt.last) throw error
      const lastFailure = attempt.signal.aborted ? 'the analysis did not finish in time' : 'the archive could not be analysed'
      await failAttempt(this.#deps, upload, { transition: 'refuseArchive', reason: refused ?? `${lastFailure}; ${TRY_AGAIN}` })
      return this.#drop(upload, blobKey)
    }
    const archive: ModuleArchive = { blobKey, sha256: upload.sha256, size: upload.size }
    const settled = await settleAttempt(this.#deps, upload, { archive, metadata })
    if (settled === undefined) return this.#drop(upload, blobKey)
    // The archive this one replaced is nobody's now; a failed delete leaves an orphan for the sweep.
    const { replaced } = settled
    if (replaced !== null && replaced !== blobKey) await this.#deps.blobs.delete(replaced).catch(() => undefined)
  }

  async #analyse(blobKey: string): Promise<ModuleMetadata> {
    let content
    try {
      content = await this.#deps.blobs.get(blobKey)
    } catch (error) {
      if (isCairnError(error, 'not_found')) throw CairnError.invalidField('archive', `is gone from storage; ${TRY_AGAIN}`)
      throw error
    }
    return this.#deps.analyzer.analyze(content)
  }

  /** The version, while this attempt is its latest and under analysis; `superseded` once a newer attempt claimed it. */
  #attemptOf(upload: StoredUpload): Promise<ModuleVersion | 'superseded' | undefined> {
    return this.#deps.unitOfWork.read(async ({ moduleVersions }) => {
      const version = await moduleVersions.findById(upload.versionId)
      if (version?.isLatestAttempt(upload.uploadGeneration) !== true) return 'superseded'
      return version.stage === 'reg_ingressing' ? version : undefined
    })
  }

  /** Drops a superseded attempt's archive, unless the version serves it. */
  async #drop(upload: StoredUpload, blobKey: string): Promise<void> {
    const version = await this.#deps.unitOfWork.read(({ moduleVersions }) => moduleVersions.findById(upload.versionId))
    if (version?.archive?.blobKey !== blobKey) await this.#deps.blobs.delete(blobKey).catch(() => undefined)
  }
}

/** `work`, abandoned when `signal` aborts (the attempt overran its timeout, or the queue stops). */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error)
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error)
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
