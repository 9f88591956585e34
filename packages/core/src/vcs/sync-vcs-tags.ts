import { isCairnError } from '../errors/cairn-error.ts'
import type { ModuleVersion } from '../modules/module-version.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import type { IngestVcsVersionDeps } from './ingest-vcs-version.ts'
import { tagVersions } from './tag-versions.ts'

export type SyncVcsTagsDeps = Pick<UseCaseDeps, 'unitOfWork' | 'clock' | 'ids'> & Pick<IngestVcsVersionDeps, 'vcs' | 'sourceOf'>

/**
 * Reads a tag-based module's repository and adds a `pending` version for every semver tag it has
 * no version for (resync, webhook and poll all come here). Never adds a version twice. Answers the
 * ids of the versions still to ingest (new ones, and earlier ones that are not `ok`), for the
 * caller to queue. A module whose repository has no version tag is `no_version_tags`; one not set
 * up yet whose repository refuses its credential or is gone is `setup_failed`. For a
 * branch-based module it reads nothing and answers its `pending` versions.
 */
export class SyncVcsTags {
  readonly #deps: SyncVcsTagsDeps

  constructor(deps: SyncVcsTagsDeps) {
    this.#deps = deps
  }

  async execute(command: { readonly moduleId: string }): Promise<string[]> {
    const module = await this.#deps.unitOfWork.run(({ registryModules }) => registryModules.findById(command.moduleId))
    if (module === undefined || module.publishingMechanism === 'non_vcs') return []
    if (module.publishingMechanism === 'branch') return this.#pendingOf(module.id)
    let source, refs
    try {
      source = await this.#deps.sourceOf(module)
      refs = await this.#deps.vcs.refs(source.remote)
    } catch (error) {
      // A refused credential or a missing repository stays so until someone acts: no retry.
      if (!isCairnError(error, 'invalid') && !isCairnError(error, 'not_found')) throw error
      await this.#setupFailed(module.id)
      return []
    }
    const wanted = tagVersions(refs.tags, source.tagPrefix)
    return this.#deps.unitOfWork.run(async ({ registryModules }) => {
      const current = await registryModules.findById(module.id)
      if (current === undefined) return []
      const now = this.#deps.clock.now()
      const toIngest: string[] = []
      for (const { version, commitSha } of wanted) {
        const existing = await registryModules.findVersion(module.id, version)
        if (existing !== undefined) {
          if (existing.status !== 'ok') toIngest.push(existing.id)
          continue
        }
        const created = pendingVcsVersion({ id: this.#deps.ids.next('modver'), moduleId: module.id, version, commitSha }, now)
        await registryModules.addVersion(created)
        toIngest.push(created.id)
      }
      if (wanted.length === 0 && current.status === 'pending') {
        await registryModules.update({ ...current, status: 'no_version_tags', updatedAt: now })
      }
      return toIngest
    })
  }

  /** A branch-based module's versions whose ingestion was never queued or was lost. */
  #pendingOf(moduleId: string): Promise<string[]> {
    return this.#deps.unitOfWork.read(async ({ registryModules }) =>
      ((await registryModules.versionsOf([moduleId])).get(moduleId) ?? []).filter((v) => v.status === 'pending').map((v) => v.id),
    )
  }

  /** A module not set up yet that cannot reach its repository shows `setup_failed`. */
  #setupFailed(moduleId: string): Promise<void> {
    return this.#deps.unitOfWork.run(async ({ registryModules }) => {
      const current = await registryModules.findById(moduleId)
      if (current === undefined || current.status === 'setup_complete' || current.status === 'setup_failed') return
      await registryModules.update({ ...current, status: 'setup_failed', updatedAt: this.#deps.clock.now() })
    })
  }
}

/** A version a VCS module publishes from `commitSha`, before its ingestion starts. */
export function pendingVcsVersion(
  fields: Pick<ModuleVersion, 'id' | 'moduleId' | 'version'> & { readonly commitSha: string },
  now: Date,
): ModuleVersion {
  return { ...fields, status: 'pending', error: null, source: 'tfe-api', uploadGeneration: 0, archive: null, metadata: null, createdAt: now, updatedAt: now }
}
