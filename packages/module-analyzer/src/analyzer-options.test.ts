import { tmpdir } from 'node:os'
import { describe, expect, it } from 'vitest'
import { DEFAULT_ARCHIVE_LIMITS, resolveOptions } from './analyzer-options.ts'

describe('resolveOptions', () => {
  it('fills in the documented defaults', () => {
    expect(resolveOptions({})).toEqual({ limits: DEFAULT_ARCHIVE_LIMITS, tempRoot: tmpdir(), parseTimeoutMs: 10_000 })
    expect(DEFAULT_ARCHIVE_LIMITS).toMatchObject({
      maxEntries: 10_000,
      maxEntryBytes: 16 * 1024 * 1024,
      maxReadmeBytesInTotal: 1024 * 1024,
      maxParts: 200,
      maxDeclarationsPerPart: 1000,
    })
  })

  it('keeps what is given', () => {
    expect(resolveOptions({ maxEntries: 5, tempRoot: '/srv/tmp' })).toMatchObject({
      limits: { maxEntries: 5, maxTotalBytes: DEFAULT_ARCHIVE_LIMITS.maxTotalBytes },
      tempRoot: '/srv/tmp',
    })
  })

  it.each([0, -1, Number.NaN])('refuses a limit of %s', (value) => {
    expect(() => resolveOptions({ maxEntryBytes: value })).toThrow(RangeError)
  })
})
