import { isCairnError } from '../errors/cairn-error.ts'
import { isAttemptUnderWay, ModuleVersion } from '../modules/module-version.ts'
import type { RegistryModule } from '../modules/registry-module.ts'
import { failSetup, lackVersionTags, mayBecome } from '../modules/registry-module-status.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import type { IngestVcsVersionDeps } from './ingest-vcs-version.ts'
import { tagVersions, type TagVersion } from './tag-versions.ts'
import type { IngestionRequest } from './vcs-jobs.ts'

export type SyncVcsTagsDeps = Pick<UseCaseDeps, 'unitOfWork' | 'clock' | 'ids'> &
  Pick<IngestVcsVersionDeps, 'vcs' | 'sourceOf' | 'immutableVersions'>

/** A version to ingest, and the commit to take it from. */
export type ToIngest = Omit<IngestionRequest, 'organizationName'>

/**
 * The versions one sync adds at most. A repository's tags are the git host's to choose: without a
 * bound, one with thousands of tags made one transaction write thousands of rows and queued as
 * many ingestions at once. The rest are added by the next sync, which the job queues at once.
 */
export const MAX_VERSIONS_ADDED_PER_SYNC = 50

/** What a sync found: the versions to queue, and whether tags remain for another sync to add. */
export interface SyncedTags {
  /** The module synced; null when it is gone or not published from VCS. */
  readonly module: Pick<RegistryModule, 'id' | 'organizationName'> | null
  readonly toIngest: readonly ToIngest[]
  /** False when the cap left versions to add: the caller queues another sync. */
  readonly complete: boolean
}

/**
 * Reads a tag-based module's repository and adds a `pending` version for every semver tag it has
 * no version for (resync, webhook and poll all come here), at most `MAX_VERSIONS_ADDED_PER_SYNC`,
 * newest first: the versions users ask for first (the latest, what `~>` constraints pick) publish
 * first, and older ones follow in later syncs. Never adds a version twice. Answers the versions
 * still to ingest, each with the commit of its tag (see `wantsCommit`), for the caller to queue. A module whose repository has no version tag is `no_version_tags`; one not set up yet
 * whose repository refuses its credential or is gone is `setup_failed`. For a branch-based
 * module it reads nothing and answers its `pending` versions. `signal` stops the git host's read.
 */
export class SyncVcsTags {
  readonly #deps: SyncVcsTagsDeps

  constructor(deps: SyncVcsTagsDeps) {
    this.#deps = deps
  }

  async execute(command: { readonly moduleId: string; readonly signal?: AbortSignal }): Promise<SyncedTags> {
    const module = await this.#deps.unitOfWork.run(({ registryModules }) => registryModules.findById(command.moduleId))
    if (module === undefined || module.publishingMechanism === 'non_vcs') return NOTHING
    if (module.publishingMechanism === 'branch') return { module, toIngest: await this.#pendingOf(module.id), complete: true }
    let source, refs
    try {
      source = await this.#deps.sourceOf(module)
      refs = await this.#deps.vcs.refs(source.remote, command.signal)
    } catch (error) {
      // A refused credential or a missing repository stays so until someone acts: no retry.
      if (!isCairnError(error, 'invalid') && !isCairnError(error, 'not_found')) throw error
      await this.#setupFailed(module.id)
      return { module, toIngest: [], complete: true }
    }
    const wanted = tagVersions(refs.tags, source.tagPrefix)
    return this.#deps.unitOfWork.run(async ({ registryModules, moduleVersions }) => {
      const current = await registryModules.findById(module.id)
      if (current === undefined) return NOTHING
      const now = this.#deps.clock.now()
      const toIngest: ToIngest[] = []
      const missing: TagVersion[] = []
      // One read of the module's versions, not one per tag: a repository may have 100,000 tags,
      // and a capped sync is followed by another that compares them all again.
      const known = new Map(((await moduleVersions.versionsOf([module.id])).get(module.id) ?? []).map((v) => [v.version, v]))
      for (const tag of wanted) {
        const existing = known.get(tag.version)
        if (existing === undefined) missing.push(tag)
        else if (wantsCommit(existing, tag.commitSha, { now, immutable: this.#deps.immutableVersions }))
          toIngest.push({ versionId: existing.id, commitSha: tag.commitSha })
      }
      // The newest, added in version order as before the cap (the order versions are listed in),
      // and queued newest first.
      const adding = missing.slice(-MAX_VERSIONS_ADDED_PER_SYNC)
      const added: ToIngest[] = []
      for (const { version, commitSha } of adding) {
        const created = ModuleVersion.pending({ id: this.#deps.ids.next('modver'), moduleId: module.id, version, commitSha }, now)
        await moduleVersions.add(created)
        added.unshift({ versionId: created.id, commitSha })
      }
      toIngest.push(...added)
      if (wanted.length === 0 && mayBecome(current, 'no_version_tags')) await registryModules.update(lackVersionTags(current, now))
      return { module, toIngest, complete: adding.length === missing.length }
    })
  }

  /** A branch-based module's versions whose ingestion was never queued or was lost. */
  #pendingOf(moduleId: string): Promise<ToIngest[]> {
    return this.#deps.unitOfWork.read(async ({ moduleVersions }) =>
      ((await moduleVersions.versionsOf([moduleId])).get(moduleId) ?? [])
        .filter((v) => v.status === 'pending')
        .map((v) => ({ versionId: v.id, commitSha: v.commitSha })),
    )
  }

  /** A module not set up yet that cannot reach its repository shows `setup_failed`. */
  #setupFailed(moduleId: string): Promise<void> {
    return this.#deps.unitOfWork.run(async ({ registryModules }) => {
      const current = await registryModules.findById(moduleId)
      if (current !== undefined && mayBecome(current, 'setup_failed'))
        await registryModules.update(failSetup(current, this.#deps.clock.now()))
    })
  }
}

const NOTHING: SyncedTags = { module: null, toIngest: [], complete: true }

/**
 * Whether a sync ingests the tag's commit into its version: always until the version serves an
 * archive, then only for a commit it does not serve (the tag was moved) while versions may
 * change, and not again for a commit whose archive was refused (the next move of the tag
 * retries). Never while an attempt at that commit is under way: the queue retries a lost one.
 */
function wantsCommit(
  version: Pick<ModuleVersion, 'archive' | 'attempt' | 'commitSha'>,
  commitSha: string,
  options: { readonly now: Date; readonly immutable: boolean },
): boolean {
  if (isAttemptUnderWay(version, options.now) && version.attempt?.commitSha === commitSha) return false
  if (version.archive === null) return true
  if (options.immutable || commitSha === version.commitSha) return false
  return !(version.attempt?.status === 'reg_ingress_failed' && version.attempt.commitSha === commitSha)
}
