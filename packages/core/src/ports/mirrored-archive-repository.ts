import type { MirroredArchive, MirroredProviderAddress } from '../provider-mirror/mirrored-archive.ts'
import type { Page, PageRequest } from '../shared/page.ts'

/** The provider mirror's archives, stored. */
export interface MirroredArchiveRepository {
  /** The versions the mirror holds of a provider (at least one archive each), in no promised order. */
  versionsOf(address: MirroredProviderAddress): Promise<string[]>
  /** Every archive of one version of a provider, by os then arch. */
  archivesOf(address: MirroredProviderAddress, version: string): Promise<MirroredArchive[]>
  /** The archive with this id; undefined when there is none. */
  findById(id: string): Promise<MirroredArchive | undefined>
  /** A page of every archive, by hostname, namespace, type, version, os and arch. */
  list(page: PageRequest): Promise<Page<MirroredArchive>>
  /**
   * Stores a new archive. Raises `invalid` on `platform` when the mirror already holds one for its
   * provider, version, os and arch (two concurrent pulls of one archive store it once).
   */
  add(archive: MirroredArchive): Promise<void>
  /** Removes every archive of a provider's version and returns them (for their blobs); none is no error. */
  removeVersion(address: MirroredProviderAddress, version: string): Promise<MirroredArchive[]>
  /** Sets `lastUsedAt` of these archives, in one statement (see `UnitOfWork.autocommit`); deleted ones are skipped. */
  touch(ids: readonly string[], at: Date): Promise<void>
}
