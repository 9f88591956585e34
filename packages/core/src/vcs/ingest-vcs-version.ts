import { CairnError, isCairnError } from '../errors/cairn-error.ts'
import { failAttempt, refusalReason, type AttemptRef, type OutcomeDeps } from '../modules/attempt-outcomes.ts'
import { archiveKey, type ModuleVersion } from '../modules/module-version.ts'
import type { RegistryModule } from '../modules/registry-module.ts'
import { queueUploadAnalysis } from '../modules/upload-jobs.ts'
import type { BlobStore } from '../ports/blob-store.ts'
import type { JobQueue } from '../ports/job-queue.ts'
import type { ByteStream } from '../ports/module-analyzer.ts'
import type { VcsClient, VcsRemote } from '../ports/vcs-client.ts'

/** Where a VCS-backed module's archives come from. */
export interface VcsSource {
  readonly remote: VcsRemote
  /** The module's subtree in a monorepo; the whole repository when absent. */
  readonly sourceDirectory?: string
  /** Only tags with this prefix publish, stripped before the semver check (monorepos). */
  readonly tagPrefix?: string
}

export interface IngestVcsVersionDeps extends OutcomeDeps {
  readonly blobs: BlobStore
  readonly vcs: VcsClient
  readonly maxArchiveBytes: number
  /** Where the stored archive is queued for its analysis, which settles the version. */
  readonly jobs: JobQueue
  /** Never replace the archive of a version that is `ok`. */
  readonly immutableVersions: boolean
  /** The repository of a module, through its VCS connection. */
  readonly sourceOf: (module: RegistryModule) => Promise<VcsSource>
}

/** Who a VCS attempt is by, as the version shows it. */
const BY_REPOSITORY = 'the module repository'

/**
 * The VCS route to a version's archive (spec §2.2): `cloning` while the tree of the commit is
 * fetched, then `reg_ingressing` while its archive is stored, then queued for the analysis that
 * settles uploads too (see `AnalyseUpload`); or `clone_failed` / `reg_ingress_failed` with the
 * reason. A version that serves an archive keeps serving it whatever this attempt comes to. Runs
 * as a job, for the commit it names (the version's own when it names none): a version that
 * serves that commit already is left alone (never cloned twice), as is every served version
 * when versions are immutable; a run after a crash starts a new attempt, removing the blob of
 * the lost one. Raises `unavailable` when the git host cannot be reached, or did not answer
 * before `signal` aborted (the job's timeout), so that the job is retried later.
 *
 * Each attempt claims the version by bumping its `uploadGeneration`, and each of its later writes
 * lands only while that claim is the current one: an attempt that overran its timeout and is
 * still running when the retry claims the version changes nothing from then on, and removes the
 * blob it stored.
 */
export class IngestVcsVersion {
  readonly #deps: IngestVcsVersionDeps

  constructor(deps: IngestVcsVersionDeps) {
    this.#deps = deps
  }

  async execute(command: { readonly versionId: string; readonly commitSha?: string | null; readonly signal?: AbortSignal }): Promise<void> {
    const { signal } = command
    const claimed = await this.#claim(command.versionId, command.commitSha ?? null)
    if (claimed === undefined) return
    const { version, module, lostBlobKey } = claimed
    if (lostBlobKey !== null) await this.#deps.blobs.delete(lostBlobKey)
    const attempt: AttemptRef = { versionId: version.id, uploadGeneration: version.uploadGeneration }
    let archive: ByteStream
    try {
      const source = await this.#deps.sourceOf(module)
      const tree = {
        commitSha: version.attempt?.commitSha ?? '',
        ...(source.sourceDirectory !== undefined && { sourceDirectory: source.sourceDirectory }),
      }
      archive = await this.#deps.vcs.archive(source.remote, tree, signal)
    } catch (caught) {
      const error = signal?.aborted === true ? TIMED_OUT : caught
      await failAttempt(this.#deps, attempt, { transition: 'cloneFailed', reason: reasonOf(error) })
      if (isCairnError(error, 'unavailable')) throw error
      return
    }
    if (!(await this.#cloned(attempt)) || signal?.aborted === true) return
    const blobKey = archiveKey(version)
    try {
      const stored = await this.#deps.blobs.put(blobKey, archive, { maxBytes: this.#deps.maxArchiveBytes })
      await queueUploadAnalysis(this.#deps.jobs, { ...attempt, ...stored })
    } catch (error) {
      await this.#deps.blobs.delete(blobKey)
      await failAttempt(this.#deps, attempt, { transition: 'refuseArchive', reason: reasonOf(error) })
      if (isCairnError(error, 'unavailable')) throw error
    }
  }

  /** Starts a new attempt (a new blob key) at the commit, unless the version is gone or serves that commit already. */
  #claim(versionId: string, commitSha: string | null) {
    return this.#deps.unitOfWork.run(async ({ registryModules, moduleVersions }) => {
      const current = await moduleVersions.findById(versionId)
      if (current === undefined) return undefined
      const commit = commitSha ?? current.commitSha
      if (commit === null) throw new CairnError('precondition', `version ${versionId} has no commit to take its tree from`)
      if (current.archive !== null && (commit === current.commitSha || this.#deps.immutableVersions)) return undefined
      const module = await registryModules.findById(current.moduleId)
      if (module === undefined) return undefined
      const previous = archiveKey(current)
      const lostBlobKey = current.uploadGeneration > 0 && previous !== current.archive?.blobKey ? previous : null
      const version: ModuleVersion = current.startClone(commit, BY_REPOSITORY, this.#deps.clock.now())
      await moduleVersions.update(version)
      return { version, module, lostBlobKey }
    })
  }

  /** Records the tree fetched, unless a newer attempt (or a deletion) took the version; whether it did. */
  #cloned(attempt: AttemptRef): Promise<boolean> {
    return this.#deps.unitOfWork.run(async ({ moduleVersions }) => {
      const current = await moduleVersions.findById(attempt.versionId)
      if (current?.isLatestAttempt(attempt.uploadGeneration) !== true || current.stage !== 'cloning') return false
      await moduleVersions.update(current.cloned(attempt.uploadGeneration, this.#deps.clock.now()))
      return true
    })
  }
}

/** What an attempt whose signal aborted (its job's timeout) records: the host was too slow, retried. */
const TIMED_OUT = new CairnError('unavailable', 'the git host did not send the tree in time; the ingestion is retried')

/** What the version shows of a failure. */
function reasonOf(error: unknown): string {
  return error instanceof CairnError ? refusalReason(error) : 'the ingestion failed unexpectedly; resync the module to try again'
}
