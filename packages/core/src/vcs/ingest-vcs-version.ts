import { CairnError, isCairnError } from '../errors/cairn-error.ts'
import type { BlobStore } from '../ports/blob-store.ts'
import type { ModuleAnalyzer } from '../ports/module-analyzer.ts'
import type { RegistryModuleRepository } from '../ports/registry-module-repository.ts'
import type { VcsClient, VcsRemote } from '../ports/vcs-client.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { archiveKey, ingressFailed, ingressSucceeded, type ModuleVersion } from '../modules/module-version.ts'
import type { RegistryModule } from '../modules/registry-module.ts'

/** Where a VCS-backed module's archives come from. */
export interface VcsSource {
  readonly remote: VcsRemote
  /** The module's subtree in a monorepo; the whole repository when absent. */
  readonly sourceDirectory?: string
  /** Only tags with this prefix publish, stripped before the semver check (monorepos). */
  readonly tagPrefix?: string
}

export interface IngestVcsVersionDeps extends Pick<UseCaseDeps, 'unitOfWork' | 'clock'> {
  readonly blobs: BlobStore
  readonly analyzer: ModuleAnalyzer
  readonly vcs: VcsClient
  readonly maxArchiveBytes: number
  /** The repository of a module, through its VCS connection. */
  readonly sourceOf: (module: RegistryModule) => Promise<VcsSource>
}

/**
 * Takes a VCS version from its commit to `ok` (spec §2.2): `cloning` while the tree is fetched,
 * `reg_ingressing` while its archive is stored and analysed, then `ok`; or `clone_failed` /
 * `reg_ingress_failed` with the reason. Runs as a job: a version already `ok` is left alone (never
 * cloned twice), and a run after a crash starts a new attempt, removing the blob of the lost one.
 * Raises `unavailable` when the git host cannot be reached, or did not answer before `signal`
 * aborted (the job's timeout), so that the job is retried later.
 *
 * Each attempt claims the version by bumping its `uploadGeneration`, and each of its later writes
 * lands only while that claim is the current one: an attempt that overran its timeout and is
 * still running when the retry claims the version changes nothing from then on, and removes
 * the blob it stored.
 */
export class IngestVcsVersion {
  readonly #deps: IngestVcsVersionDeps

  constructor(deps: IngestVcsVersionDeps) {
    this.#deps = deps
  }

  async execute(command: { readonly versionId: string; readonly signal?: AbortSignal }): Promise<void> {
    const { signal } = command
    const claimed = await this.#claim(command.versionId)
    if (claimed === undefined) return
    const { version, module, lostBlobKey } = claimed
    if (lostBlobKey !== null) await this.#deps.blobs.delete(lostBlobKey)
    let archive
    try {
      const source = await this.#deps.sourceOf(module)
      const tree = { commitSha: version.commitSha ?? '', ...(source.sourceDirectory !== undefined && { sourceDirectory: source.sourceDirectory }) }
      archive = await this.#deps.vcs.archive(source.remote, tree, signal)
    } catch (caught) {
      const error = signal?.aborted === true ? TIMED_OUT : caught
      await this.#record({ ...version, status: 'clone_failed', error: reasonOf(error), updatedAt: this.#deps.clock.now() })
      if (isCairnError(error, 'unavailable')) throw error
      return
    }
    const ingressing = await this.#record({ ...version, status: 'reg_ingressing', updatedAt: this.#deps.clock.now() })
    if (ingressing === undefined || signal?.aborted === true) return
    const blobKey = archiveKey(ingressing)
    try {
      const stored = await this.#deps.blobs.put(blobKey, archive, { maxBytes: this.#deps.maxArchiveBytes })
      const metadata = await this.#deps.analyzer.analyze(await this.#deps.blobs.get(blobKey))
      const outcome = { archive: { blobKey, sha256: stored.sha256, size: stored.size }, metadata }
      if (!(await this.#finish(ingressSucceeded(ingressing, outcome, this.#deps.clock.now())))) await this.#deps.blobs.delete(blobKey)
    } catch (error) {
      await this.#deps.blobs.delete(blobKey)
      await this.#record(ingressFailed(ingressing, reasonOf(error), this.#deps.clock.now()))
      if (isCairnError(error, 'unavailable')) throw error
    }
  }

  /** Starts a new attempt (a new blob key), unless the version is gone or already `ok`. */
  #claim(versionId: string) {
    return this.#deps.unitOfWork.run(async ({ registryModules }) => {
      const current = await registryModules.findVersionById(versionId)
      if (current === undefined || current.status === 'ok') return undefined
      const module = await registryModules.findById(current.moduleId)
      if (module === undefined) return undefined
      if (current.commitSha === null) throw new CairnError('precondition', `version ${versionId} has no commit to take its tree from`)
      const lostBlobKey = current.uploadGeneration > 0 ? archiveKey(current) : null
      const version: ModuleVersion = {
        ...current,
        status: 'cloning',
        error: null,
        uploadGeneration: current.uploadGeneration + 1,
        updatedAt: this.#deps.clock.now(),
      }
      await registryModules.updateVersion(version)
      return { version, module, lostBlobKey }
    })
  }

  /** Writes the attempt's next state, unless a newer attempt (or a deletion) took the version. */
  #record(version: ModuleVersion): Promise<ModuleVersion | undefined> {
    return this.#deps.unitOfWork.run(async ({ registryModules }) => {
      if (!(await stillClaimed(registryModules, version))) return undefined
      await registryModules.updateVersion(version)
      return version
    })
  }

  /** Publishes the version, unless a newer attempt took it; whether it did. */
  #finish(done: ModuleVersion): Promise<boolean> {
    return this.#deps.unitOfWork.run(async ({ registryModules }) => {
      if (!(await stillClaimed(registryModules, done))) return false
      await registryModules.updateVersion(done)
      const module = await registryModules.findById(done.moduleId)
      if (module !== undefined && module.status !== 'setup_complete') {
        await registryModules.update({ ...module, status: 'setup_complete', updatedAt: done.updatedAt })
      }
      return true
    })
  }
}

/** Whether the stored version is still at the attempt's generation: no later claim, no deletion. */
async function stillClaimed(registryModules: RegistryModuleRepository, attempt: ModuleVersion): Promise<boolean> {
  return (await registryModules.findVersionById(attempt.id))?.uploadGeneration === attempt.uploadGeneration
}

/** What an attempt whose signal aborted (its job's timeout) records: the host was too slow, retried. */
const TIMED_OUT = new CairnError('unavailable', 'the git host did not send the tree in time; the ingestion is retried')

/** What the version shows of a failure: the refusal's fields, else its message. */
function reasonOf(error: unknown): string {
  if (!(error instanceof CairnError)) return 'the ingestion failed unexpectedly; resync the module to try again'
  return error.fields.map((field) => field.message).join('; ') || error.message
}
