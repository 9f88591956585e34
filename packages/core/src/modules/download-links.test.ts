import { FakeUrlSigner, ManualClock } from '@cairn/testing'
import { describe, expect, it } from 'vitest'
import { DOWNLOAD_LINK_LIFETIME_MS, DOWNLOAD_LINK_REUSE_MS, DownloadLinks } from './download-links.ts'

/** Counts what it signs, so a test can tell a reused link from a new one. */
class CountingSigner extends FakeUrlSigner {
  signed = 0

  override sign(...args: Parameters<FakeUrlSigner['sign']>): string {
    this.signed += 1
    return super.sign(...args)
  }
}

function links() {
  const clock = new ManualClock(new Date('2026-11-25T03:00:00.000Z'))
  const signer = new CountingSigner()
  return { clock, signer, links: new DownloadLinks(signer, clock) }
}

const archive = () => ({ blobKey: `modules/${Math.random()}.tar.gz`, size: 1, sha256: 'x' })

describe('download links', () => {
  it('are signed once per archive and reused for the reuse time, then signed anew', () => {
    const { clock, signer, links: made } = links()
    const first = archive()
    const token = made.tokenFor(first)
    clock.advance(DOWNLOAD_LINK_REUSE_MS)
    expect(made.tokenFor(first)).toBe(token)
    expect(signer.signed).toBe(1)
    clock.advance(1)
    const next = made.tokenFor(first)
    expect(next).not.toBe(token)
    expect(signer.signed).toBe(2)
    expect(made.tokenFor(first)).toBe(next)
  })

  it('work for the whole lifetime from every answer that gives them, and at most the reuse time longer', () => {
    for (const into of [0, 1, DOWNLOAD_LINK_REUSE_MS / 2, DOWNLOAD_LINK_REUSE_MS]) {
      const { clock, signer, links: made } = links()
      const one = archive()
      const madeAt = clock.now().getTime()
      made.tokenFor(one)
      clock.advance(into)
      const token = made.tokenFor(one)
      const answeredAt = clock.now().getTime()
      expect(signer.verify('module-download', token, new Date(answeredAt + DOWNLOAD_LINK_LIFETIME_MS - 1))).toBe(one.blobKey)
      expect(signer.verify('module-download', token, new Date(madeAt + DOWNLOAD_LINK_LIFETIME_MS + DOWNLOAD_LINK_REUSE_MS))).toBeUndefined()
    }
  })

  it('are signed anew when the clock was set back, so none works longer than the lifetime and the reuse time', () => {
    const { clock, signer, links: made } = links()
    const one = archive()
    const token = made.tokenFor(one)
    clock.advance(-60_000)
    const again = made.tokenFor(one)
    expect(again).not.toBe(token)
    expect(
      signer.verify('module-download', again, new Date(clock.now().getTime() + DOWNLOAD_LINK_LIFETIME_MS + DOWNLOAD_LINK_REUSE_MS)),
    ).toBeUndefined()
  })

  it('differ between archives, so a replaced archive is never reached through the old one’s link', () => {
    const { signer, links: made } = links()
    const before = archive()
    const after = archive()
    expect(signer.verify('module-download', made.tokenFor(before), new Date('2026-11-25T03:00:00.000Z'))).toBe(before.blobKey)
    expect(signer.verify('module-download', made.tokenFor(after), new Date('2026-11-25T03:00:00.000Z'))).toBe(after.blobKey)
  })
})
