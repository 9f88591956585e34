import type { Principal } from '../auth/principal.ts'
import { CairnError, isCairnError } from '../errors/cairn-error.ts'
import { DownloadTally, type DownloadsWritten } from '../modules/download-tally.ts'
import type { ByteStream } from '../ports/module-analyzer.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'
import type { OriginVersion } from '../ports/provider-origin.ts'
import { signProviderDownload } from '../providers/provider-links.ts'
import { assertMirrorReads } from './mirror-access.ts'
import { signMirrorPull, verifyMirrorPull } from './mirror-links.ts'
import { hashesOf, mirroredArchiveBlobKey, type MirroredArchive, type MirroredProviderAddress } from './mirrored-archive.ts'
import { OriginOffers } from './origin-offers.ts'
import type { ProviderMirrorUseCaseDeps } from './provider-mirror-deps.ts'
import type { HeldArchives } from './held-archives.ts'
import { PullThrough } from './pull-through.ts'

/** One archive of a `:version.json` answer: a download token for one the mirror holds, a pull token for one it does not yet. */
export type MirrorArchiveEntry =
  | {
      readonly os: string
      readonly arch: string
      readonly filename: string
      readonly downloadToken: string
      readonly hashes: readonly string[]
    }
  | { readonly os: string; readonly arch: string; readonly filename: string; readonly pullToken: string }

/**
 * The provider network mirror protocol over what the mirror holds and, with pull-through on,
 * over what the providers' origin registries offer. The JSON answers add what the origin offers
 * (asked once per provider for `ORIGIN_OFFER_TTL_MS`, `OriginOffers`) and fall back to what is
 * held when it fails; an archive once held is served from the blob store and never fetched again.
 */
export interface ProviderNetworkMirrorDeps extends ProviderMirrorUseCaseDeps {
  /** Where last uses are written: a unit of work that clears no cache, as download counts are. */
  readonly countingUnitOfWork: UnitOfWork
  /** What the mirror holds, as the answers read it: kept until the next write. */
  readonly heldArchives: HeldArchives
}

export class ProviderNetworkMirror {
  readonly #deps: ProviderNetworkMirrorDeps
  readonly #pulls: PullThrough
  readonly #offers: OriginOffers
  readonly #uses: DownloadTally

  constructor(deps: ProviderNetworkMirrorDeps) {
    this.#deps = deps
    this.#pulls = new PullThrough(deps)
    this.#offers = new OriginOffers(deps)
    // Noted in memory and written with the download counts: a write per answer would make every `:version.json` a commit.
    this.#uses = new DownloadTally((used) =>
      deps.countingUnitOfWork.autocommit(({ mirroredArchives }) => mirroredArchives.touch([...used.keys()], deps.clock.now())),
    )
  }

  /** Writes when the archives answered since the last flush were used; the server calls it with the download counts. */
  flushUses(): Promise<DownloadsWritten> {
    return this.#uses.flush()
  }

  /** The versions of `index.json`. Raises `not_found` for a provider neither held nor offered by its origin. */
  async versions(address: MirroredProviderAddress, principal: Principal): Promise<string[]> {
    await assertMirrorReads(this.#deps, principal, address)
    const held = await this.#deps.heldArchives.versionsOf(address)
    const offered = await this.#offered(address, held.length > 0)
    const versions = [...new Set([...held, ...offered.map((version) => version.version)])]
    if (versions.length === 0) throw CairnError.notFound('provider')
    return versions
  }

  /** The archives of `:version.json`, each noted as used (written by `flushUses`). Raises `not_found` for a version neither held nor offered. */
  async archives(address: MirroredProviderAddress, version: string, principal: Principal): Promise<MirrorArchiveEntry[]> {
    await assertMirrorReads(this.#deps, principal, address)
    const held = await this.#deps.heldArchives.archivesOf(address, version)
    const now = this.#deps.clock.now()
    for (const archive of held) this.#uses.record(archive.id)
    const entries: MirrorArchiveEntry[] = held.map((archive) => this.#heldEntry(archive, now))
    const offered = (await this.#offered(address, held.length > 0)).find((candidate) => candidate.version === version)
    for (const { os, arch } of offered?.platforms ?? []) {
      if (held.some((archive) => archive.os === os && archive.arch === arch)) continue
      const pullToken = signMirrorPull(this.#deps.signer, { ...address, version, os, arch }, now)
      entries.push({ os, arch, filename: `terraform-provider-${address.type}_${version}_${os}_${arch}.zip`, pullToken })
    }
    if (entries.length === 0) throw CairnError.notFound('provider version')
    return entries
  }

  /** The zip behind a pull token: from the blob store when held, else pulled through first. */
  async pull(token: string): Promise<{ readonly content: ByteStream }> {
    const platform = verifyMirrorPull(this.#deps.signer, token, this.#deps.clock.now())
    if (platform === undefined) throw CairnError.notFound('file')
    const held = await this.#deps.heldArchives.archivesOf(platform, platform.version)
    const archive =
      held.find((candidate) => candidate.os === platform.os && candidate.arch === platform.arch) ?? (await this.#pulls.pull(platform))
    return { content: await this.#deps.blobs.get(mirroredArchiveBlobKey(archive)) }
  }

  #heldEntry(archive: MirroredArchive, now: Date): MirrorArchiveEntry {
    const downloadToken = signProviderDownload(this.#deps.signer, mirroredArchiveBlobKey(archive), now)
    return { os: archive.os, arch: archive.arch, filename: archive.filename, downloadToken, hashes: hashesOf(archive) }
  }

  /** What the origin offers, when pulling through; nothing when it fails but the mirror holds some of the provider. */
  async #offered(address: MirroredProviderAddress, holdsSome: boolean): Promise<readonly OriginVersion[]> {
    if (!this.#deps.mirrorPolicy.pullThrough) return []
    try {
      return await this.#offers.versions(address)
    } catch (error) {
      if (isCairnError(error, 'not_found') || holdsSome) return []
      throw error
    }
  }
}
