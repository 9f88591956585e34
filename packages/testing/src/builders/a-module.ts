import type { RegistryModule } from '@cairn/core'

const EPOCH = new Date('2026-01-01T00:00:00.000Z')

/** A pending upload-published module `acme/vpc/aws`, as the stores and the protocol tests start from. */
export function aModule(overrides: Partial<RegistryModule> = {}): RegistryModule {
  return {
    id: 'mod-1',
    organizationName: 'acme',
    registryName: 'private',
    namespace: 'acme',
    name: 'vpc',
    provider: 'aws',
    status: 'pending',
    publishingMechanism: 'non_vcs',
    noCode: false,
    vcsRepo: null,
    testsEnabled: false,
    createdAt: EPOCH,
    updatedAt: EPOCH,
    ...overrides,
  }
}
