import { describe, expect, it } from 'vitest'
import { listsFile, parseShasums } from './shasums.ts'

const A = 'a'.repeat(64)
const B = 'B'.repeat(64)

describe('parseShasums', () => {
  it("reads sha256sum's lines, text and binary mode, CRLF and blank lines included", () => {
    expect(parseShasums(`${A}  one.zip\r\n\n${B} *two.zip\n`)).toEqual([
      { sha256: A, filename: 'one.zip' },
      { sha256: B.toLowerCase(), filename: 'two.zip' },
    ])
  })

  it.each([
    ['a short digest', `${'a'.repeat(63)}  one.zip`, 'line 1'],
    ['one space only', `${A} one.zip`, 'line 1'],
    ['a directory', `${A}  dist/one.zip`, 'line 1'],
    ['a file listed twice', `${A}  one.zip\n${B}  one.zip`, 'line 2'],
    ['no line at all', '\n\n', 'lists no file'],
  ])('refuses %s on shasums, naming where', (_, text, where) => {
    expect(() => parseShasums(text)).toThrow(expect.objectContaining({ code: 'invalid', message: expect.stringContaining(where) }))
  })
})

describe('listsFile', () => {
  const entries = parseShasums(`${A}  one.zip\n`)

  it('matches file name and digest, the digest in either case', () => {
    expect(listsFile(entries, 'one.zip', A.toUpperCase())).toBe(true)
    expect(listsFile(entries, 'one.zip', B)).toBe(false)
    expect(listsFile(entries, 'two.zip', A)).toBe(false)
  })
})
