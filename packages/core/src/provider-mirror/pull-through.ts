import { CairnError, isCairnError } from '../errors/cairn-error.ts'
import type { OriginPackage, OriginPlatform } from '../ports/provider-origin.ts'
import { listsFile, parseShasums } from '../providers/shasums.ts'
import { mirroredArchiveBlobKey, type MirroredArchive } from './mirrored-archive.ts'
import type { ProviderMirrorDeps } from './provider-mirror-deps.ts'

const keyOf = (platform: OriginPlatform) =>
  JSON.stringify([platform.hostname, platform.namespace, platform.type, platform.version, platform.os, platform.arch])

const refused = (platform: OriginPlatform, why: string) =>
  new CairnError('upstream_failed', `${platform.hostname}/${platform.namespace}/${platform.type} ${platform.version}: ${why}`)

/**
 * Fetches an archive the mirror does not hold from the provider's origin, checks it as the CLI
 * would (SHA256SUMS lists the zip with its shasum and verifies with one of the origin's keys; the
 * zip has that shasum) and stores it. Concurrent pulls of one archive in this process share one
 * fetch; one in another process loses the store's unique index, and its copy is deleted. What the
 * origin got wrong is `upstream_failed`, and nothing of it is kept.
 */
export class PullThrough {
  readonly #deps: ProviderMirrorDeps
  readonly #inFlight = new Map<string, Promise<MirroredArchive>>()

  constructor(deps: ProviderMirrorDeps) {
    this.#deps = deps
  }

  pull(platform: OriginPlatform): Promise<MirroredArchive> {
    const key = keyOf(platform)
    const running = this.#inFlight.get(key)
    if (running !== undefined) return running
    const pulling = this.#fetch(platform).finally(() => this.#inFlight.delete(key))
    this.#inFlight.set(key, pulling)
    return pulling
  }

  async #fetch(platform: OriginPlatform): Promise<MirroredArchive> {
    const { providerOrigin, blobs } = this.#deps
    const found = await providerOrigin.package(platform)
    await this.#verify(found)
    const now = this.#deps.clock.now()
    const archive = { ...platform, id: this.#deps.ids.next('provmirror'), filename: found.filename, createdAt: now, lastUsedAt: now }
    const blobKey = mirroredArchiveBlobKey(archive)
    try {
      const stored = await blobs.put(blobKey, providerOrigin.zip(found, this.#deps.maxMirrorArchiveBytes), {
        maxBytes: this.#deps.maxMirrorArchiveBytes,
      })
      if (stored.sha256 !== found.sha256)
        throw refused(platform, `the zip's SHA-256 is ${stored.sha256}, not the ${found.sha256} it is signed with`)
      const h1 = await this.#deps.providerPackages.h1Of(await blobs.get(blobKey))
      const complete: MirroredArchive = { ...archive, size: stored.size, sha256: stored.sha256, h1 }
      await this.#deps.unitOfWork.run(({ mirroredArchives }) => mirroredArchives.add(complete))
      return complete
    } catch (error) {
      await blobs.delete(blobKey)
      if (isCairnError(error, 'invalid') && error.fields[0]?.field === 'platform') return this.#storedBySomeoneElse(platform)
      if (isCairnError(error, 'invalid')) throw refused(platform, `the zip ${error.fields[0]?.message ?? 'is refused'}`)
      throw error
    }
  }

  async #verify(found: OriginPackage): Promise<void> {
    const { platform } = found
    let listed: boolean
    try {
      listed = listsFile(parseShasums(new TextDecoder().decode(found.shasums)), found.filename, found.sha256)
    } catch {
      throw refused(platform, 'its SHA256SUMS is not a SHA256SUMS file')
    }
    if (!listed) throw refused(platform, `its SHA256SUMS does not list ${found.filename} with the shasum the registry gave`)
    for (const key of found.signingKeys) {
      if ((await this.#deps.openpgp.verify(key, found.shasums, found.shasumsSignature)) === 'valid') return
    }
    throw refused(platform, "the signature of its SHA256SUMS does not verify with the registry's signing keys")
  }

  async #storedBySomeoneElse(platform: OriginPlatform): Promise<MirroredArchive> {
    const held = await this.#deps.unitOfWork.read(({ mirroredArchives }) => mirroredArchives.archivesOf(platform, platform.version))
    const archive = held.find((candidate) => candidate.os === platform.os && candidate.arch === platform.arch)
    if (archive === undefined) throw CairnError.notFound('provider platform')
    return archive
  }
}
