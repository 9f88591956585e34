import { recordAuditEvent } from '../audit/record-audit-event.ts'
import type { Principal } from '../auth/principal.ts'
import { CairnError, isCairnError } from '../errors/cairn-error.ts'
import { organizationAccess } from '../organizations/organization-access.ts'
import type { BlobStore } from '../ports/blob-store.ts'
import type { JobQueue } from '../ports/job-queue.ts'
import type { ByteStream } from '../ports/module-analyzer.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { UrlSigner } from '../ports/url-signer.ts'
import type { Edition } from '../shared/edition.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { failAttempt, refusalReason } from './attempt-outcomes.ts'
import { findModule } from './find-module.ts'
import { auditedVersion } from './module-audit.ts'
import type { ModuleAddress } from './module-address.ts'
import { archiveKey, ModuleVersion, parseModuleVersion } from './module-version.ts'
import { queueUploadAnalysis } from './upload-jobs.ts'
import { signUploadLink, uploadStartedBy, verifyUploadLink } from './upload-links.ts'
import { queueIngestion } from '../vcs/vcs-jobs.ts'

export interface ModuleVersionsDeps extends Pick<UseCaseDeps, 'unitOfWork' | 'clock' | 'ids'> {
  readonly edition: Edition
  readonly blobs: BlobStore
  readonly signer: UrlSigner
  readonly maxArchiveBytes: number
  /** Refuse a new archive for a version that is `ok` (`conflict`), instead of replacing it. */
  readonly immutableVersions: boolean
  /** Where uploaded archives are queued for analysis, and a branch-based module's new versions for ingestion. */
  readonly jobs: JobQueue
}

/** A version and the object id of the link that uploads its archive, when the caller may upload. */
export interface VersionWithUpload {
  readonly version: ModuleVersion
  readonly uploadObjectId: string | null
}

type Target = { readonly organizationName: string; readonly address: ModuleAddress }

/**
 * Versions of private modules without VCS (spec §4.1): teams that manage modules create them;
 * the archive arrives at the upload link, is stored, then analysed by a job; a version becomes
 * `ok` once its archive parses (spec §3). As TFE's upload host does, a link takes archives until it
 * expires: each PUT is a new attempt that supersedes the last (unless versions are immutable). A
 * refused archive shows on the version: `reg_ingress_failed` with the reason before the version
 * was ever `ok`; after, on its `attempt` only, the version still serving its last good archive.
 */
export class ModuleVersions {
  readonly #deps: ModuleVersionsDeps

  constructor(deps: ModuleVersionsDeps) {
    this.#deps = deps
  }

  /**
   * A new `pending` version. For a branch-based VCS module it is taken from `commitSha` (required)
   * by an ingestion job queued after the commit, and has no upload link; other modules upload.
   * Audited (`module_version.created`) with whoever asked.
   */
  async create(
    target: Target & { readonly version: string; readonly commitSha?: string | null },
    principal: Principal,
  ): Promise<VersionWithUpload> {
    const { created, fromBranch, organizationName } = await this.#deps.unitOfWork.run(async (repositories) => {
      if (target.address.registryName === 'public') {
        throw new CairnError('forbidden', 'versions cannot be created for public modules')
      }
      const module = await findModule(repositories, principal, { ...target, edition: this.#deps.edition }, 'canManageModules')
      if (module.publishingMechanism === 'git_tag') {
        throw CairnError.invalidField('version', 'cannot be created: this module publishes its versions from repository tags')
      }
      const fromBranch = module.publishingMechanism === 'branch'
      if (fromBranch && (target.commitSha ?? null) === null) {
        throw CairnError.invalidField('commitSha', 'is required: a branch-based module takes each version from a commit')
      }
      const fields = { id: this.#deps.ids.next('modver'), moduleId: module.id, version: parseModuleVersion(target.version) }
      const created = ModuleVersion.pending({ ...fields, commitSha: parseCommitSha(target.commitSha ?? null) }, this.#deps.clock.now())
      await repositories.moduleVersions.add(created)
      await recordAuditEvent(this.#deps, repositories, {
        type: 'module_version.created',
        principal,
        ...auditedVersion(module, created),
        changes: created.commitSha === null ? [] : [{ attribute: 'commit-sha', from: null, to: created.commitSha }],
      })
      return { created, fromBranch, organizationName: module.organizationName }
    })
    if (fromBranch) await queueIngestion(this.#deps.jobs, { versionId: created.id, organizationName, commitSha: created.commitSha })
    return this.#withUpload(created, fromBranch ? null : principal)
  }

  /** One version; its upload link only for those who may upload (spec §5.2). */
  show(target: Target & { readonly version: string }, principal: Principal) {
    return this.#deps.unitOfWork.read(async (repositories): Promise<VersionWithUpload> => {
      const module = await findModule(repositories, principal, { ...target, edition: this.#deps.edition }, 'canRead')
      const version = await findVersion(repositories, module.id, target.version)
      const access = await organizationAccess(repositories, principal, module.organizationName)
      // A VCS module's versions come from its repository: nobody uploads to them.
      return this.#withUpload(version, access.canManageModules && module.publishingMechanism === 'non_vcs' ? principal : null)
    })
  }

  /**
   * Takes an archive sent to an upload link: stores it and queues its analysis, the settling step
   * both publishing routes share (see `AnalyseUpload`). Answers the version once the archive is
   * stored, its attempt `reg_ingressing`, as TFE's upload host does; an archive over the size
   * limit is refused at once, on the version. Raises `not_found` for a link that is forged or
   * expired, and `conflict` for a version that is `ok` when versions are immutable. Every attempt
   * after the first is audited. A failure that is not the archive's (a dropped connection, a store
   * error) is recorded on the version too, then raised.
   */
  async upload(command: { readonly objectId: string; readonly content: ByteStream }): Promise<ModuleVersion> {
    const { unitOfWork, blobs, jobs, maxArchiveBytes } = this.#deps
    const claimed = await unitOfWork.run((repositories) => this.#claim(repositories, command.objectId))
    try {
      const stored = await blobs.put(archiveKey(claimed), command.content, { maxBytes: maxArchiveBytes })
      await queueUploadAnalysis(jobs, { versionId: claimed.id, uploadGeneration: claimed.uploadGeneration, ...stored })
    } catch (error) {
      const failed = await this.#fail(claimed, error)
      if (isCairnError(error, 'invalid')) return failed ?? claimed
      throw error
    }
    return claimed
  }

  /** Records why the attempt failed and drops what it stored; answers the failed version, if still its attempt. */
  async #fail(claimed: ModuleVersion, error: unknown): Promise<ModuleVersion | undefined> {
    const reason = isCairnError(error, 'invalid') ? refusalReason(error) : 'the upload did not complete; upload the archive again'
    await this.#deps.blobs.delete(archiveKey(claimed)).catch(() => undefined)
    return failAttempt(
      this.#deps,
      { versionId: claimed.id, uploadGeneration: claimed.uploadGeneration },
      { transition: 'refuseArchive', reason },
    )
  }

  /**
   * Checks the link and starts a new attempt, which supersedes any before it (the archive it would
   * replace stays the version's until the new one settles, and for good if it fails).
   */
  async #claim(repositories: Repositories, objectId: string): Promise<ModuleVersion> {
    const now = this.#deps.clock.now()
    const link = verifyUploadLink(this.#deps.signer, objectId, now)
    const version = link === undefined ? undefined : await repositories.moduleVersions.findById(link.versionId)
    if (link === undefined || version === undefined) throw CairnError.notFound('upload')
    if (version.status === 'ok' && this.#deps.immutableVersions) {
      throw new CairnError('conflict', `version ${version.version} is immutable: it has an archive already`)
    }
    const claimed = version.startUpload(uploadStartedBy(link), now)
    await repositories.moduleVersions.update(claimed)
    if (version.uploadGeneration > 0) {
      const module = await repositories.registryModules.findById(version.moduleId)
      await recordAuditEvent(this.#deps, repositories, {
        type: 'module_version.reuploaded',
        // Whoever holds the link: it carries no credential, only whom it was handed to.
        principal: { kind: 'upload-link' },
        ...(module === undefined ? { targetId: version.id } : auditedVersion(module, version)),
        reason: `upload attempt ${claimed.uploadGeneration} of ${version.version} (${uploadStartedBy(link)}), which was ${version.status}`,
      })
    }
    return claimed
  }

  /** The version, with an upload link made for `uploader` when there is one and the version may take an archive. */
  #withUpload(version: ModuleVersion, uploader: Principal | null): VersionWithUpload {
    if (uploader === null || (version.status === 'ok' && this.#deps.immutableVersions)) return { version, uploadObjectId: null }
    return { version, uploadObjectId: signUploadLink(this.#deps.signer, version.id, uploader, this.#deps.clock.now()) }
  }
}

/** The version of a module provider, by any spelling of it (`v1.0.0`); `not_found` otherwise. */
export async function findVersion(repositories: Repositories, moduleId: string, spelled: string): Promise<ModuleVersion> {
  let version: string
  try {
    version = parseModuleVersion(spelled)
  } catch {
    throw CairnError.notFound('registry module version')
  }
  const found = await repositories.moduleVersions.find(moduleId, version)
  if (found === undefined) throw CairnError.notFound('registry module version')
  return found
}

const COMMIT_SHA = /^[0-9a-fA-F]{7,64}$/

function parseCommitSha(value: string | null): string | null {
  if (value === null || value === '') return null
  if (!COMMIT_SHA.test(value)) throw CairnError.invalidField('commitSha', 'must be a commit SHA of 7 to 64 hexadecimal digits')
  return value.toLowerCase()
}
