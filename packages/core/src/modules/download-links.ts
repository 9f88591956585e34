import type { Clock } from '../ports/clock.ts'
import type { UrlSigner } from '../ports/url-signer.ts'
import type { ModuleArchive } from './module-version.ts'

/** How long an archive link from a download answer works at least: long enough for the CLI to follow it. */
export const DOWNLOAD_LINK_LIFETIME_MS = 10 * 60 * 1000

/**
 * Expiries are rounded up to this, so that every download of an archive within it gets the same
 * link: a link works for the lifetime and at most this much longer.
 */
export const DOWNLOAD_LINK_STEP_MS = 10 * 1000

/**
 * Signed links to archives, one per archive and expiry step: on the protocol's hot path a download
 * answer then signs nothing (an HMAC and its encoding were a tenth of a cached download's time).
 * Kept beside the archive object of the cache entry it was made for, so a link lives no longer
 * than that entry, and a replaced archive gets a link of its own.
 */
export class DownloadLinks {
  readonly #signer: UrlSigner
  readonly #clock: Clock
  readonly #made = new WeakMap<ModuleArchive, { readonly expiresAt: number; readonly token: string }>()

  constructor(signer: UrlSigner, clock: Clock) {
    this.#signer = signer
    this.#clock = clock
  }

  /** The token of a link to the archive, good for at least `DOWNLOAD_LINK_LIFETIME_MS` from now. */
  tokenFor(archive: ModuleArchive): string {
    const earliest = this.#clock.now().getTime() + DOWNLOAD_LINK_LIFETIME_MS
    const expiresAt = Math.ceil(earliest / DOWNLOAD_LINK_STEP_MS) * DOWNLOAD_LINK_STEP_MS
    const made = this.#made.get(archive)
    if (made?.expiresAt === expiresAt) return made.token
    const token = this.#signer.sign('module-download', archive.blobKey, new Date(expiresAt))
    this.#made.set(archive, { expiresAt, token })
    return token
  }
}
