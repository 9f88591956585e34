import type { StoreCache } from '../caching/store-cache.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'
import type { MirroredArchive, MirroredProviderAddress } from './mirrored-archive.ts'

/** What the mirror holds of a provider, as its answers read it: its versions, or one version's archives. */
export type MirrorHolding = { readonly versions: readonly string[] } | { readonly archives: readonly MirroredArchive[] }

/**
 * The mirror's holdings as `index.json`, `:version.json` and a pull read them, kept until the
 * next write (an import, a pull stored, a removal: `StoreCache`), so that a pipeline's `init`
 * reads no store. Last uses are written through the unit of work that clears nothing; what is
 * kept of them is never shown.
 */
export class HeldArchives {
  readonly #cache: StoreCache<MirrorHolding>
  readonly #unitOfWork: UnitOfWork

  constructor(cache: StoreCache<MirrorHolding>, unitOfWork: UnitOfWork) {
    this.#cache = cache
    this.#unitOfWork = unitOfWork
  }

  async versionsOf(address: MirroredProviderAddress): Promise<readonly string[]> {
    const held = await this.#cache.get(keyOf(address), async () => ({
      versions: await this.#unitOfWork.read(({ mirroredArchives }) => mirroredArchives.versionsOf(address)),
    }))
    return 'versions' in held ? held.versions : []
  }

  async archivesOf(address: MirroredProviderAddress, version: string): Promise<readonly MirroredArchive[]> {
    const held = await this.#cache.get(keyOf(address, version), async () => ({
      archives: await this.#unitOfWork.read(({ mirroredArchives }) => mirroredArchives.archivesOf(address, version)),
    }))
    return 'archives' in held ? held.archives : []
  }
}

function keyOf({ hostname, namespace, type }: MirroredProviderAddress, version?: string): string {
  return JSON.stringify(version === undefined ? [hostname, namespace, type] : [hostname, namespace, type, version])
}
