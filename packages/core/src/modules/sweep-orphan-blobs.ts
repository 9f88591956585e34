import type { BlobStore } from '../ports/blob-store.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'
import { isWantedProviderBlob } from '../providers/provider-blob-keys.ts'
import { isAttemptUnderWay } from './module-version.ts'

const ARCHIVE_KEY = /^modules\/([^/]+)\/(\d+)\.tar\.gz$/

/**
 * Removes module archives that no version points at or ever will: left by a crash between
 * storing a blob and recording it, by a failed attempt whose blob could not be deleted, or by a
 * deletion whose blob could not be deleted. An archive is kept while it is its version's (also
 * while a later attempt to replace it runs), or is its version's current attempt still under way.
 * Since only the current attempt of a version can ever be recorded, a blob judged an orphan stays
 * one, whatever runs beside the sweep. Provider files are removed once their version or platform is
 * gone (`isWantedProviderBlob`).
 */
export class SweepOrphanBlobs {
  readonly #deps: { readonly unitOfWork: UnitOfWork; readonly blobs: BlobStore; readonly clock: { now(): Date } }

  constructor(deps: { readonly unitOfWork: UnitOfWork; readonly blobs: BlobStore; readonly clock: { now(): Date } }) {
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
    for await (const key of this.#deps.blobs.list('providers/')) {
      if (await this.#deps.unitOfWork.read((repositories) => isWantedProviderBlob(repositories, key))) continue
      await this.#deps.blobs.delete(key)
      removed.push(key)
    }
    return removed
  }

  #isWanted(key: string): Promise<boolean> {
    const [, versionId = '', attempt] = ARCHIVE_KEY.exec(key) ?? []
    return this.#deps.unitOfWork.read(async ({ moduleVersions }) => {
      const version = await moduleVersions.findById(versionId)
      if (version?.archive?.blobKey === key) return true
      if (version === undefined || String(version.uploadGeneration) !== attempt) return false
      return isAttemptUnderWay(version, this.#deps.clock.now())
    })
  }
}
