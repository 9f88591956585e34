import { describe, expect, it } from 'vitest'
import type { RegistryModule, RegistryModuleStatus } from './registry-module.ts'
import { completeSetup, failSetup, lackVersionTags, MODULE_STATUS_TRANSITIONS, type ModuleStatusChange } from './registry-module-status.ts'

const T0 = new Date('2026-01-01T00:00:00Z')
const LATER = new Date('2026-01-01T00:05:00Z')

function moduleIn(status: RegistryModuleStatus): RegistryModule {
  return {
    id: 'mod-1',
    organizationName: 'acme',
    registryName: 'private',
    namespace: 'acme',
    name: 'vpc',
    provider: 'aws',
    status,
    publishingMechanism: 'git_tag',
    noCode: false,
    vcsRepo: null,
    testsEnabled: false,
    createdAt: T0,
    updatedAt: T0,
  }
}

const APPLY: Record<ModuleStatusChange, (module: RegistryModule) => RegistryModule> = {
  setup_complete: (module) => completeSetup(module, LATER),
  no_version_tags: (module) => lackVersionTags(module, LATER),
  setup_failed: (module) => failSetup(module, LATER),
}

const STATUSES: readonly RegistryModuleStatus[] = ['pending', 'no_version_tags', 'setup_failed', 'setup_complete']
const CASES = (Object.keys(MODULE_STATUS_TRANSITIONS) as ModuleStatusChange[]).flatMap((to) =>
  STATUSES.map((from) => ({ to, from, allowed: (MODULE_STATUS_TRANSITIONS[to] as readonly RegistryModuleStatus[]).includes(from) })),
)

describe('the registry module lifecycle (docs/architecture.md)', () => {
  it.each(CASES.filter((row) => row.allowed))('$from becomes $to', ({ from, to }) => {
    expect(APPLY[to](moduleIn(from))).toMatchObject({ status: to, updatedAt: LATER })
  })

  it.each(CASES.filter((row) => !row.allowed))('$from cannot become $to: precondition', ({ from, to }) => {
    expect(() => APPLY[to](moduleIn(from))).toThrow(expect.objectContaining({ code: 'precondition' }))
  })

  it('a module set up stays set up', () => {
    expect(CASES.filter((row) => row.from === 'setup_complete' && row.allowed)).toEqual([])
  })
})
