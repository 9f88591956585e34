import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DataDirBusyError, DataDirLock } from './data-dir-lock.ts'

describe('DataDirLock', () => {
  const fresh = () => mkdtempSync(join(tmpdir(), 'cairn-lock-'))

  it('refuses a second holder, naming the first', () => {
    const dir = fresh()
    const lock = DataDirLock.acquire(dir, 'cairn serve')
    expect(() => DataDirLock.acquire(dir, 'cairn user create')).toThrow(DataDirBusyError)
    expect(() => DataDirLock.acquire(dir, 'x')).toThrow(new RegExp(`process ${process.pid} \\(cairn serve`))
    lock.release()
    DataDirLock.acquire(dir, 'again').release()
  })

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = fresh()
    writeFileSync(join(dir, 'cairn.lock'), JSON.stringify({ pid: 2 ** 22 + 7, purpose: 'gone', since: '' }))
    DataDirLock.acquire(dir, 'cairn serve').release()
  })
})
