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

/** How long a link works from when it is made. */
const MADE_FOR_MS = DOWNLOAD_LINK_LIFETIME_MS + DOWNLOAD_LINK_REUSE_MS

/**
 * Whether a link with this much time left is handed out again: at least the lifetime, and no more
 * than it was made with, which would mean the clock was set back since and the link would work
 * longer than promised.
 */
function reusable(leftMs: number): boolean {
  return leftMs >= DOWNLOAD_LINK_LIFETIME_MS && leftMs <= MADE_FOR_MS
}

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
    if (made !== undefined && reusable(made.expiresAt - now)) return made.token
    const expiresAt = now + MADE_FOR_MS
    const token = this.#signer.sign('module-download', archive.blobKey, new Date(expiresAt))
    this.#made.set(archive, { expiresAt, token })
    return token
  }
}
