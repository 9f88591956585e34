import { CairnError } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { translateError } from './translate-error.ts'

const fsError = (code: string) => Object.assign(new Error(`${code}: something`), { code })

describe('translateError', () => {
  it('reads a missing file as not_found', () => {
    expect(translateError(fsError('ENOENT'), 'k')).toMatchObject({ code: 'not_found' })
  })

  it.each(['ENOSPC', 'EDQUOT', 'EACCES', 'EPERM', 'EROFS', 'EIO', 'EMFILE'])('reads %s as unavailable', (code) => {
    const translated = translateError(fsError(code), 'k')
    expect(translated).toMatchObject({ code: 'unavailable', message: expect.stringContaining(code) })
    expect((translated as Error).cause).toMatchObject({ code })
  })

  it.each(['ENOTDIR', 'EISDIR'])('reads %s as a key conflicting with a folder', (code) => {
    expect(translateError(fsError(code), 'k')).toMatchObject({ code: 'invalid', fields: [{ field: 'key' }] })
  })

  it('passes on what is not the filesystem’s', () => {
    const domain = CairnError.invalidField('archive', 'is too large')
    const other = new Error('boom')
    expect(translateError(domain, 'k')).toBe(domain)
    expect(translateError(other, 'k')).toBe(other)
    expect(translateError(fsError('ECONNRESET'), 'k')).toMatchObject({ code: 'ECONNRESET' })
  })
})
