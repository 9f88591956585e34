import { CairnError, isCairnError } from '../errors/cairn-error.ts'
import type { BlobStore } from '../ports/blob-store.ts'
import type { JobAttempt } from '../ports/job-queue.ts'
import type { ModuleAnalyzer } from '../ports/module-analyzer.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import type { ModuleMetadata } from './module-metadata.ts'
import { archiveKey, ingressFailed, ingressSucceeded, type ModuleArchive, type ModuleVersion } from './module-version.ts'

export interface AnalyseUploadDeps extends Pick<UseCaseDeps, 'unitOfWork' | 'clock'> {
  readonly blobs: BlobStore
  readonly analyzer: ModuleAnalyzer
}

/** One stored upload attempt, as the upload link recorded it: which version, which attempt, what bytes. */
export interface StoredUpload {
  readonly versionId: string
  readonly uploadGeneration: number
  readonly sha256: string
  readonly size: number
}

/**
 * Settles an uploaded archive once it is stored (spec §3): analyses it, then makes the version
 * `ok` with its details, or `reg_ingress_failed` with the reason it was refused. Only the latest
 * attempt of a version can settle it: when a newer upload claimed the version meanwhile, this
 * attempt's archive is dropped and the version left to the newer one. Runs as a job: a failure
 * that is not the archive's (the blob store down, the analysis overrunning) is raised to be
 * retried, and recorded on the version on the last attempt, so that no version stays
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
      const reason = refusalOf(error)
      if (reason === undefined && !attempt.last) throw error
      const lastFailure = attempt.signal.aborted ? 'the analysis did not finish in time' : 'the archive could not be analysed'
      await this.#settle(upload, (version) => ingressFailed(version, reason ?? `${lastFailure}; upload the archive again`, this.#deps.clock.now()))
      return this.#drop(upload, blobKey)
    }
    const archive: ModuleArchive = { blobKey, sha256: upload.sha256, size: upload.size }
    const settled = await this.#settle(upload, (version) => ingressSucceeded(version, { archive, metadata }, this.#deps.clock.now()))
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
      if (isCairnError(error, 'not_found')) throw CairnError.invalidField('archive', 'is gone from storage; upload the archive again')
      throw error
    }
    return this.#deps.analyzer.analyze(content)
  }

  /** The version, while this attempt is its latest and unsettled; `superseded` once a newer attempt claimed it. */
  #attemptOf(upload: StoredUpload): Promise<ModuleVersion | 'superseded' | undefined> {
    return this.#deps.unitOfWork.read(async ({ registryModules }) => {
      const version = await registryModules.findVersionById(upload.versionId)
      if (version === undefined || version.uploadGeneration !== upload.uploadGeneration) return 'superseded'
      return version.status === 'reg_ingressing' ? version : undefined
    })
  }

  /**
   * Records the outcome if this attempt is still the version's latest and unsettled; answers the
   * blob of the archive the version had before (none when it was settled already), or undefined
   * when a newer attempt superseded this one.
   */
  #settle(upload: StoredUpload, outcome: (version: ModuleVersion) => ModuleVersion): Promise<{ readonly replaced: string | null } | undefined> {
    return this.#deps.unitOfWork.run(async ({ registryModules }) => {
      const current = await registryModules.findVersionById(upload.versionId)
      if (current === undefined || current.uploadGeneration !== upload.uploadGeneration) return undefined
      if (current.status !== 'reg_ingressing') return { replaced: null }
      const settled = outcome(current)
      await registryModules.updateVersion(settled)
      const module = settled.status === 'ok' ? await registryModules.findById(settled.moduleId) : undefined
      if (module !== undefined && module.status !== 'setup_complete') {
        await registryModules.update({ ...module, status: 'setup_complete', updatedAt: settled.updatedAt })
      }
      return { replaced: current.archive?.blobKey ?? null }
    })
  }

  /** Drops a superseded attempt's archive, unless the version still serves it (a newer attempt is under way). */
  async #drop(upload: StoredUpload, blobKey: string): Promise<void> {
    const version = await this.#deps.unitOfWork.read(({ registryModules }) => registryModules.findVersionById(upload.versionId))
    if (version?.archive?.blobKey !== blobKey) await this.#deps.blobs.delete(blobKey).catch(() => undefined)
  }
}

/** The reason to show for a refused archive; undefined for a failure that is not the archive's. */
function refusalOf(error: unknown): string | undefined {
  if (!isCairnError(error, 'invalid')) return undefined
  return error.fields.map((field) => field.message).join('; ') || error.message
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
