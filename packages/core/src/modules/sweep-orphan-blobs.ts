import type { BlobStore } from '../ports/blob-store.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'

const ARCHIVE_KEY = /^modules\/([^/]+)\/(\d+)\.tar\.gz$/

/**
 * Removes module archives that no version points at: left by a crash between storing a blob and
 * recording it, or between deleting a version and its blob. An upload still in progress keeps
 * its blob. Run at start-up; safe to run at any time.
 */
export class SweepOrphanBlobs {
  readonly #deps: { readonly unitOfWork: UnitOfWork; readonly blobs: BlobStore }

  constructor(deps: { readonly unitOfWork: UnitOfWork; readonly blobs: BlobStore }) {
    this.#deps = deps
  }

  /** Returns the keys it removed. */
  async execute(): Promise<string[]> {
    const removed: string[] = []
    for await (const key of this.#deps.blobs.list('modules/')) {
      if (await this.#isWanted(key)) continue
      await this.#deps.blobs.delete(key)
      removed.push(key)
    }
    return removed
  }

  #isWanted(key: string): Promise<boolean> {
    return this.#deps.unitOfWork.run(async ({ registryModules }) => {
      if (await registryModules.isBlobReferenced(key)) return true
      const [, versionId = '', generation] = ARCHIVE_KEY.exec(key) ?? []
      const version = await registryModules.findVersionById(versionId)
      return version?.status === 'reg_ingressing' && String(version.uploadGeneration) === generation
    })
  }
}
