import type { ModuleVersionStatus, RegistryModuleStatus } from '@cairn/core'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { VersionAttempt } from '@cairn/core'
import {
  attemptStatusWords,
  MODULE_STATUS_WORDS,
  moduleStatusWords,
  VERSION_STATUS_WORDS,
  versionStatusWords,
  watchedStatusWords,
} from './status-words.ts'

const RAW = [...Object.keys(VERSION_STATUS_WORDS), ...Object.keys(MODULE_STATUS_WORDS)]
const versionStatuses = Object.keys(VERSION_STATUS_WORDS) as ModuleVersionStatus[]
const moduleStatuses = Object.keys(MODULE_STATUS_WORDS) as RegistryModuleStatus[]

/** Whether `text` shows a status as the API spells it. */
const showsRaw = (text: string) => text.includes('_') || RAW.some((status) => new RegExp(`\\b${status}\\b`).test(text))

describe('status words', () => {
  it("have words for exactly the core's statuses", () => {
    expectTypeOf<keyof typeof VERSION_STATUS_WORDS>().toEqualTypeOf<ModuleVersionStatus>()
    expectTypeOf<keyof typeof MODULE_STATUS_WORDS>().toEqualTypeOf<RegistryModuleStatus>()
  })

  it.each(versionStatuses)('version status %s reads in plain words', (status) => {
    const words = versionStatusWords({ status, error: 'is not a gzip tarball' })
    expect(words.label).not.toBe('')
    expect(showsRaw(words.label) || showsRaw(words.text)).toBe(false)
  })

  it.each(moduleStatuses)('module status %s reads in plain words', (status) => {
    const words = moduleStatusWords({ status })
    expect(words.text).not.toBe('')
    expect(showsRaw(words.text)).toBe(false)
  })

  it('a version reads Waiting for an archive before one arrives, Processing on its way, Ready once ok, and Failed with its reason', () => {
    expect(versionStatusWords({ status: 'pending', error: null })).toEqual({
      tone: 'waiting',
      label: 'Waiting for an archive',
      text: 'Waiting for an archive',
    })
    for (const status of ['cloning', 'reg_ingressing'] as const)
      expect(versionStatusWords({ status, error: null })).toEqual({ tone: 'waiting', label: 'Processing', text: 'Processing' })
    expect(versionStatusWords({ status: 'ok', error: null })).toEqual({ tone: 'ready', label: 'Ready', text: 'Ready' })
    for (const status of ['clone_failed', 'reg_ingress_failed'] as const) {
      expect(versionStatusWords({ status, error: 'is not a gzip tarball' })).toEqual({
        tone: 'failed',
        label: 'Failed',
        text: 'Failed: is not a gzip tarball',
      })
    }
    expect(versionStatusWords({ status: 'reg_ingress_failed', error: null }).text).toBe('Failed: no reason was recorded')
  })

  it('a module reads Waiting for a first version, then Ready', () => {
    expect(moduleStatusWords({ status: 'pending' }).text).toBe('Waiting for a first version')
    expect(moduleStatusWords({ status: 'setup_complete' }).text).toBe('Ready')
    expect(moduleStatusWords({ status: 'setup_failed' }).tone).toBe('failed')
  })

  describe('a new archive for a version served already', () => {
    const attempt = (status: VersionAttempt['status'], error: string | null): VersionAttempt => ({
      status,
      error,
      commitSha: null,
      startedBy: 'upload link issued to user alice',
      at: new Date(0),
    })

    it('reads Processing while it is checked, and Failed with its reason once refused', () => {
      expect(attemptStatusWords({ status: 'ok', attempt: attempt('reg_ingressing', null) })).toEqual({
        tone: 'waiting',
        label: 'Processing',
        text: 'Processing: a new archive is being checked',
      })
      expect(attemptStatusWords({ status: 'ok', attempt: attempt('clone_failed', 'no such commit') })).toEqual({
        tone: 'failed',
        label: 'Failed',
        text: 'Failed: no such commit',
      })
      expect(attemptStatusWords({ status: 'ok', attempt: null })).toBeUndefined()
      // Before a version is served, its attempt is its own status, which its words say already.
      expect(attemptStatusWords({ status: 'reg_ingress_failed', attempt: attempt('reg_ingress_failed', 'x') })).toBeUndefined()
    })

    it('is what a watcher of the upload waits on, not the Ready it is served as meanwhile', () => {
      expect(watchedStatusWords({ status: 'ok', error: null, attempt: attempt('reg_ingressing', null) }).tone).toBe('waiting')
      expect(watchedStatusWords({ status: 'ok', error: null, attempt: attempt('reg_ingress_failed', 'is not a gzip tarball') })).toEqual({
        tone: 'failed',
        label: 'Failed',
        text: 'Failed: is not a gzip tarball. The version is still served with its previous archive.',
      })
      expect(watchedStatusWords({ status: 'ok', error: null, attempt: null }).text).toBe('Ready')
      expect(watchedStatusWords({ status: 'reg_ingress_failed', error: 'x', attempt: attempt('reg_ingress_failed', 'x') }).text).toBe(
        'Failed: x',
      )
    })
  })
})
