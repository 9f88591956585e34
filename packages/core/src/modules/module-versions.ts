import type { Principal } from '../auth/principal.ts'
import { CairnError, isCairnError } from '../errors/cairn-error.ts'
import type { BlobStore } from '../ports/blob-store.ts'
import type { ByteStream, ModuleAnalyzer } from '../ports/module-analyzer.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { UrlSigner } from '../ports/url-signer.ts'
import type { Edition } from '../shared/edition.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { findModule } from './find-module.ts'
import type { ModuleAddress } from './module-address.ts'
import {
  ingressFailed,
  ingressSucceeded,
  parseModuleVersion,
  startIngress,
  type ModuleVersion,
} from './module-version.ts'

/** How long an upload link works. */
export const UPLOAD_LINK_LIFETIME_MS = 60 * 60 * 1000

/** The largest archive an upload may send, unless configured otherwise. */
export const DEFAULT_MAX_ARCHIVE_BYTES = 512 * 1024 * 1024

export interface ModuleVersionsDeps extends Pick<UseCaseDeps, 'unitOfWork' | 'clock' | 'ids'> {
  readonly edition: Edition
  readonly blobs: BlobStore
  readonly analyzer: ModuleAnalyzer
  readonly signer: UrlSigner
  readonly maxArchiveBytes: number
}

/** A version and the object id of the link that uploads its archive, while it may take one. */
export interface VersionWithUpload {
  readonly version: ModuleVersion
  readonly uploadObjectId: string | null
}

type Target = { readonly organizationName: string; readonly address: ModuleAddress }

/**
 * Versions of private modules without VCS (spec §4.1): teams that manage modules create them;
 * the archive arrives at the upload link, is stored, then analysed; a version becomes `ok` once
 * its archive parses (spec §3). A failed upload keeps its reason and may be retried.
 */
export class ModuleVersions {
  readonly #deps: ModuleVersionsDeps

  constructor(deps: ModuleVersionsDeps) {
    this.#deps = deps
  }

  create(target: Target & { readonly version: string; readonly commitSha?: string | null }, principal: Principal) {
    return this.#deps.unitOfWork.run(async (repositories): Promise<VersionWithUpload> => {
      if (target.address.registryName === 'public') {
        throw new CairnError('forbidden', 'versions cannot be created for public modules')
      }
      const module = await findModule(repositories, principal, { ...target, edition: this.#deps.edition }, 'canManageModules')
      if (module.publishingMechanism === 'git_tag') {
        throw CairnError.invalidField('version', 'cannot be created: this module publishes its versions from repository tags')
      }
      const now = this.#deps.clock.now()
      const version: ModuleVersion = {
        id: this.#deps.ids.next('modver'),
        moduleId: module.id,
        version: parseModuleVersion(target.version),
        status: 'pending',
        error: null,
        source: 'tfe-api',
        commitSha: target.commitSha ?? null,
        uploadGeneration: 0,
        archive: null,
        metadata: null,
        createdAt: now,
        updatedAt: now,
      }
      await repositories.registryModules.addVersion(version)
      return this.#withUpload(version)
    })
  }

  show(target: Target & { readonly version: string }, principal: Principal) {
    return this.#deps.unitOfWork.run(async (repositories): Promise<VersionWithUpload> => {
      const module = await findModule(repositories, principal, { ...target, edition: this.#deps.edition }, 'canRead')
      const version = await repositories.registryModules.findVersion(module.id, target.version.replace(/^v/, ''))
      if (version === undefined) throw CairnError.notFound('registry module version')
      return this.#withUpload(version)
    })
  }

  /**
   * Takes an archive sent to an upload link. Raises `not_found` for a link that is forged,
   * expired or already used, and `invalid` (after recording the failure on the version) when the
   * archive is refused.
   */
  async upload(command: { readonly objectId: string; readonly content: ByteStream }): Promise<ModuleVersion> {
    const { unitOfWork, clock, blobs, analyzer, maxArchiveBytes } = this.#deps
    const claimed = await unitOfWork.run((repositories) => this.#claim(repositories, command.objectId))
    const blobKey = `modules/${claimed.id}/${claimed.uploadGeneration}.tar.gz`
    let outcome: Parameters<typeof ingressSucceeded>[1]
    try {
      const stored = await blobs.put(blobKey, command.content, { maxBytes: maxArchiveBytes })
      const metadata = await analyzer.analyze(await blobs.get(blobKey))
      outcome = { archive: { blobKey, sha256: stored.sha256, size: stored.size }, metadata }
    } catch (error) {
      await blobs.delete(blobKey)
      if (!isCairnError(error, 'invalid')) throw error
      const reason = error.fields.map((field) => field.message).join('; ') || error.message
      await unitOfWork.run((repositories) => repositories.registryModules.updateVersion(ingressFailed(claimed, reason, clock.now())))
      throw error
    }
    const done = ingressSucceeded(claimed, outcome, clock.now())
    await unitOfWork.run(async ({ registryModules }) => {
      await registryModules.updateVersion(done)
      const module = await registryModules.findById(done.moduleId)
      if (module !== undefined && module.status !== 'setup_complete') {
        await registryModules.update({ ...module, status: 'setup_complete', updatedAt: done.updatedAt })
      }
    })
    return done
  }

  /** Checks the link and starts the attempt, which retires the link. */
  async #claim(repositories: Repositories, objectId: string): Promise<ModuleVersion> {
    const payload = this.#deps.signer.verify('module-upload', objectId, this.#deps.clock.now())
    const [versionId = '', generation] = payload?.split(':') ?? []
    const version = await repositories.registryModules.findVersionById(versionId)
    if (version === undefined || String(version.uploadGeneration) !== generation || version.status === 'ok') {
      throw CairnError.notFound('upload')
    }
    const claimed = startIngress(version, this.#deps.clock.now())
    await repositories.registryModules.updateVersion(claimed)
    return claimed
  }

  #withUpload(version: ModuleVersion): VersionWithUpload {
    if (version.status === 'ok' || version.status === 'reg_ingressing') return { version, uploadObjectId: null }
    const expiresAt = new Date(this.#deps.clock.now().getTime() + UPLOAD_LINK_LIFETIME_MS)
    const uploadObjectId = this.#deps.signer.sign('module-upload', `${version.id}:${version.uploadGeneration}`, expiresAt)
    return { version, uploadObjectId }
  }
}
