import { describe, expect, it } from 'vitest'
import { checkEntry, safeSegments } from './entry-policy.ts'

const refusedFor = (pattern: RegExp): unknown =>
  expect.objectContaining({ code: 'invalid', fields: [{ field: 'archive', message: expect.stringMatching(pattern) }] })

describe('safeSegments', () => {
  it.each([
    ['main.tf', ['main.tf']],
    ['./main.tf', ['main.tf']],
    ['modules//vpc/./main.tf', ['modules', 'vpc', 'main.tf']],
    ['modules/vpc/', ['modules', 'vpc']],
    ['./', []],
    ['..tf', ['..tf']],
    ['a..b/c', ['a..b', 'c']],
  ])('%s is inside the archive', (path, segments) => {
    expect(safeSegments(path)).toEqual(segments)
  })

  it.each(['../main.tf', 'modules/../../main.tf', 'modules/..', '..', 'modules\\..\\..\\main.tf'])('%s leaves the archive', (path) => {
    expect(() => safeSegments(path)).toThrow(refusedFor(/leaves the archive/))
  })

  it.each(['/etc/passwd', '//server/share/x.tf', '\\windows\\system32', 'C:/Windows/x.tf', 'c:x.tf'])('%s is absolute', (path) => {
    expect(() => safeSegments(path)).toThrow(refusedFor(/absolute path/))
  })

  it('refuses names no file system could create', () => {
    expect(() => safeSegments('main\0.tf')).toThrow(refusedFor(/NUL byte \(`main\\0\.tf`\)/))
    expect(() => safeSegments(`modules/${'a'.repeat(256)}/main.tf`)).toThrow(refusedFor(/name longer than 255 bytes/))
    expect(safeSegments(`${'a'.repeat(255)}`)).toHaveLength(1)
  })
})

describe('checkEntry', () => {
  it('admits regular files of every tar flavour, and directories', () => {
    for (const type of ['File', 'OldFile', 'ContiguousFile']) {
      expect(checkEntry({ path: 'a/b.tf', type, size: 3 }, 10)).toEqual({ kind: 'file', segments: ['a', 'b.tf'], size: 3 })
    }
    expect(checkEntry({ path: 'a/', type: 'Directory', size: 0 }, 10)).toEqual({ kind: 'directory', segments: ['a'], size: 0 })
  })

  it('admits an entry of exactly the size limit, refuses one byte more', () => {
    expect(checkEntry({ path: 'a', type: 'File', size: 10 }, 10).size).toBe(10)
    expect(() => checkEntry({ path: 'a', type: 'File', size: 11 }, 10)).toThrow(refusedFor(/`a`, which is larger than 10 bytes/))
  })

  it.each([
    ['SymbolicLink', /symbolic link \(`x` to `\/t`\)/],
    ['Link', /hard link \(`x` to `\/t`\)/],
    ['CharacterDevice', /character device \(`x`\)/],
    ['BlockDevice', /block device \(`x`\)/],
    ['FIFO', /FIFO \(`x`\)/],
    ['GNUDumpDir', /`x` of type GNUDumpDir/],
  ])('refuses a %s', (type, pattern) => {
    const linkpath = type.endsWith('Link') ? '/t' : undefined
    expect(() => checkEntry({ path: 'x', type, size: 0, linkpath }, 10)).toThrow(refusedFor(pattern))
  })

  it('refuses a file that names the root itself', () => {
    expect(() => checkEntry({ path: './', type: 'File', size: 0 }, 10)).toThrow(refusedFor(/file without a name/))
  })
})
