import type { ModuleVersionStatus, RegistryModuleStatus } from '@cairn/core'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { MODULE_STATUS_WORDS, moduleStatusWords, VERSION_STATUS_WORDS, versionStatusWords } from './status-words.ts'

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

  it('a version reads Processing on its way, Ready once ok, and Failed with its reason', () => {
    for (const status of ['pending', 'cloning', 'reg_ingressing'] as const) expect(versionStatusWords({ status, error: null })).toEqual({ tone: 'waiting', label: 'Processing', text: 'Processing' })
    expect(versionStatusWords({ status: 'ok', error: null })).toEqual({ tone: 'ready', label: 'Ready', text: 'Ready' })
    for (const status of ['clone_failed', 'reg_ingress_failed'] as const) {
      expect(versionStatusWords({ status, error: 'is not a gzip tarball' })).toEqual({ tone: 'failed', label: 'Failed', text: 'Failed: is not a gzip tarball' })
    }
    expect(versionStatusWords({ status: 'reg_ingress_failed', error: null }).text).toBe('Failed: no reason was recorded')
  })

  it('a module reads Waiting for a first version, then Ready', () => {
    expect(moduleStatusWords({ status: 'pending' }).text).toBe('Waiting for a first version')
    expect(moduleStatusWords({ status: 'setup_complete' }).text).toBe('Ready')
    expect(moduleStatusWords({ status: 'setup_failed' }).tone).toBe('failed')
  })
})
