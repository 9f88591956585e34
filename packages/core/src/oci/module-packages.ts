import { isCairnError } from '../errors/cairn-error.ts'
import { streamOf } from '../providers/bounded-read.ts'
import type { BlobStore } from '../ports/blob-store.ts'
import type { IdGenerator } from '../ports/id-generator.ts'
import type { ModuleZipper } from '../ports/module-zipper.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'
import type { Clock } from '../ports/clock.ts'
import type { ExpiringCache } from '../ports/expiring-cache.ts'
import type { ModuleArchive } from '../modules/module-version.ts'
import { moduleManifestJson, modulePackageKeys, type ModulePackage } from './module-package.ts'

export interface ModulePackagesDeps {
  /**
   * Where packages are recorded: the store's own unit of work, which clears no cache. No cache
   * holds packages, and a first pull would otherwise empty every cache of every process.
   */
  readonly packageUnitOfWork: UnitOfWork
  readonly blobs: BlobStore
  readonly zipper: ModuleZipper
  readonly ids: IdGenerator
  readonly clock: Clock
  /**
   * Packages read or built, by version and archive and by each of their two digests: a package
   * never changes once recorded, so what is kept is never stale (whether a version still serves
   * that archive is checked apart), and no write clears it.
   */
  readonly packageCache: ExpiringCache<ModulePackage>
}

/** A version that serves an archive, as the protocol's hot path reads it. */
export interface PackagedVersion {
  readonly id: string
  readonly version: string
  readonly archive: ModuleArchive
}

/**
 * The OCI packages of module versions, built lazily: the first request for a version's package
 * builds its zip and manifest from the stored archive and stores both; every later one reads what
 * was stored, so the digests never change. Requests of one process that arrive while it is being
 * built wait for the same build; of two processes building at once, the store keeps the first
 * recorded and the other removes its blobs and serves that one.
 */
export class ModulePackages {
  readonly #deps: ModulePackagesDeps
  readonly #building = new Map<string, Promise<ModulePackage>>()

  constructor(deps: ModulePackagesDeps) {
    this.#deps = deps
  }

  /** The package of the version's archive, built on the first request. Raises `invalid` on `archive` when the archive cannot be repacked. */
  async of(version: PackagedVersion): Promise<ModulePackage> {
    const key = keyOf(version)
    const kept = this.#deps.packageCache.get(key)
    if (kept !== undefined) return kept
    const stored = await this.#find(version)
    if (stored !== undefined) return this.#keep(stored)
    const running = this.#building.get(key)
    if (running !== undefined) return running
    const building = this.#build(version)
      .then((built) => this.#keep(built))
      .finally(() => this.#building.delete(key))
    this.#building.set(key, building)
    return building
  }

  /**
   * The package of one of these versions, as each serves now (not of an archive it no longer
   * serves), whose manifest or zip has this SHA-256; undefined when none has.
   */
  async withDigest(versions: readonly PackagedVersion[], sha256: string): Promise<ModulePackage | undefined> {
    const matches = (found: ModulePackage) => found.manifestSha256 === sha256 || found.zipSha256 === sha256
    const kept = versions
      .map((version) => this.#deps.packageCache.get(keyOf(version)))
      .find((found) => found !== undefined && matches(found))
    if (kept !== undefined) return kept
    const candidates = await this.#deps.packageUnitOfWork.read(({ modulePackages }) =>
      modulePackages.withDigest(
        versions.map(({ id }) => id),
        sha256,
      ),
    )
    const served = new Set(versions.map(keyOf))
    const found = candidates.find((candidate) => served.has(`${candidate.versionId}/${candidate.archiveSha256}`))
    return found === undefined ? undefined : this.#keep(found)
  }

  /** A kept package whose manifest or zip has this SHA-256, of whatever version; the caller checks it is served. */
  keptWithDigest(sha256: string): ModulePackage | undefined {
    return this.#deps.packageCache.get(digestKey(sha256))
  }

  #find(version: PackagedVersion): Promise<ModulePackage | undefined> {
    return this.#deps.packageUnitOfWork.read(({ modulePackages }) => modulePackages.find(version.id, version.archive.sha256))
  }

  /** Keeps the package by version and archive, and by its manifest's and its zip's SHA-256 (versions of the same files share a zip). */
  #keep(kept: ModulePackage): ModulePackage {
    const cache = this.#deps.packageCache
    cache.set(`${kept.versionId}/${kept.archiveSha256}`, kept)
    cache.set(digestKey(kept.manifestSha256), kept)
    cache.set(digestKey(kept.zipSha256), kept)
    return kept
  }

  async #build(version: PackagedVersion): Promise<ModulePackage> {
    const { blobs, zipper, ids, clock } = this.#deps
    const id = ids.uuid()
    const keys = modulePackageKeys(id)
    try {
      const zip = await blobs.put(keys.zip, zipper.zip(await blobs.get(version.archive.blobKey)))
      const manifest = moduleManifestJson(zip, version.version)
      // Stored as registries store manifests; its SHA-256, which the blob store works out, is the digest.
      const stored = await blobs.put(keys.manifest, streamOf(new TextEncoder().encode(manifest)))
      const built: ModulePackage = {
        id,
        versionId: version.id,
        archiveSha256: version.archive.sha256,
        zipSha256: zip.sha256,
        zipSize: zip.size,
        manifest,
        manifestSha256: stored.sha256,
        createdAt: clock.now(),
      }
      await this.#deps.packageUnitOfWork.autocommit(({ modulePackages }) => modulePackages.add(built))
      return built
    } catch (error) {
      await Promise.all([blobs.delete(keys.zip), blobs.delete(keys.manifest)])
      const first = isCairnError(error, 'invalid') ? await this.#find(version) : undefined
      if (first === undefined) throw error
      return first
    }
  }
}

function keyOf(version: PackagedVersion): string {
  return `${version.id}/${version.archive.sha256}`
}

/** A digest's key, apart from the version keys, which start with a version id. */
function digestKey(sha256: string): string {
  return `sha256:${sha256}`
}
