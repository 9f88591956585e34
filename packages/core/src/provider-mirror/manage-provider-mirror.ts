import { assertSiteAdmin, type Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { Page, PageRequest } from '../shared/page.ts'
import { mirroredArchiveBlobKey, type MirroredArchive, type MirroredProviderAddress } from './mirrored-archive.ts'
import type { ProviderMirrorDeps } from './provider-mirror-deps.ts'

/** What the mirror holds, for site admins: every archive with its size and last use, and removing a version. */
export class ManageProviderMirror {
  readonly #deps: Pick<ProviderMirrorDeps, 'unitOfWork' | 'blobs'>

  constructor(deps: Pick<ProviderMirrorDeps, 'unitOfWork' | 'blobs'>) {
    this.#deps = deps
  }

  /** A page of the archives, by provider, version and platform. */
  async list(page: PageRequest, principal: Principal): Promise<Page<MirroredArchive>> {
    assertSiteAdmin(principal)
    return this.#deps.unitOfWork.read(({ mirroredArchives }) => mirroredArchives.list(page))
  }

  /**
   * Removes a version's archives, then their blobs (a blob left by a failure after the records
   * went is no one's, and is never served). Raises `not_found` when the mirror holds none.
   */
  async removeVersion(address: MirroredProviderAddress, version: string, principal: Principal): Promise<MirroredArchive[]> {
    assertSiteAdmin(principal)
    const removed = await this.#deps.unitOfWork.run(({ mirroredArchives }) => mirroredArchives.removeVersion(address, version))
    if (removed.length === 0) throw CairnError.notFound('mirrored provider version')
    await Promise.all(removed.map((archive) => this.#deps.blobs.delete(mirroredArchiveBlobKey(archive))))
    return removed
  }
}
