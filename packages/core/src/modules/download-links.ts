import type { Clock } from '../ports/clock.ts'
import type { UrlSigner } from '../ports/url-signer.ts'
import type { ModuleArchive } from './module-version.ts'

/** How long an archive link from a download answer works at least: long enough for the CLI to follow it. */
export const DOWNLOAD_LINK_LIFETIME_MS = 10 * 60 * 1000

/**
 * How long a link is handed out again once made: it is made to work this much longer than the
 * lifetime, and every download of its archive meanwhile gets the same link.
 */
export const DOWNLOAD_LINK_REUSE_MS = 5 * 60 * 1000

/**
 * Signed links to archives, one per archive for `DOWNLOAD_LINK_REUSE_MS`: a download answer then
 * signs nothing, where an HMAC and its encoding were a tenth of its instructions. A link works
 * for the lifetime from every answer that gives it, and at most the reuse time longer. Kept beside
 * the archive object of the cache entry it was made for, so a link lives no longer than that
 * entry, and a replaced archive gets a link of its own.
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
    const now = this.#clock.now().getTime()
    const made = this.#made.get(archive)
    // Reused while it has at least the lifetime left and no more than it was made with: more
    // means the clock was set back since, and the link would work longer than promised.
    const left = made === undefined ? 0 : made.expiresAt - now
    if (made !== undefined && left >= DOWNLOAD_LINK_LIFETIME_MS && left <= DOWNLOAD_LINK_LIFETIME_MS + DOWNLOAD_LINK_REUSE_MS) return made.token
    const expiresAt = now + DOWNLOAD_LINK_LIFETIME_MS + DOWNLOAD_LINK_REUSE_MS
    const token = this.#signer.sign('module-download', archive.blobKey, new Date(expiresAt))
    this.#made.set(archive, { expiresAt, token })
    return token
  }
}
