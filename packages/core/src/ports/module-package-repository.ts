import type { ModulePackage } from '../oci/module-package.ts'

/** The OCI packages of module versions: each built once from one archive of a version, then kept. */
export interface ModulePackageRepository {
  /** The package built from the archive with this SHA-256 of this version; undefined when none was stored. */
  find(versionId: string, archiveSha256: string): Promise<ModulePackage | undefined>
  /**
   * The packages of these versions whose manifest or zip has this SHA-256 (lower-case hex), in no
   * promised order: versions of the same content share a zip, and a version keeps the packages of
   * archives it served before.
   */
  withDigest(versionIds: readonly string[], sha256: string): Promise<ModulePackage[]>
  /**
   * Stores a new package. Raises `invalid` on `archive` when one of the same version and archive
   * is stored already (two processes building at once keep the first).
   */
  add(modulePackage: ModulePackage): Promise<void>
}
