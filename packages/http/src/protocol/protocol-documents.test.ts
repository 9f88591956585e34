import { ModuleVersion, type ModuleMetadata, type RegistryModule } from '@cairn/core'
import { FAKE_METADATA } from '@cairn/testing'
import { describe, expect, it } from 'vitest'
import { moduleDetail, shortModule } from './protocol-documents.ts'

const AT = new Date(0)
const MODULE: RegistryModule = {
  id: 'mod-1',
  organizationName: 'acme',
  registryName: 'private',
  namespace: 'acme',
  name: 'vpc',
  provider: 'aws',
  status: 'setup_complete',
  publishingMechanism: 'non_vcs',
  noCode: false,
  vcsRepo: null,
  testsEnabled: false,
  createdAt: AT,
  updatedAt: AT,
}
const VERSION = { ...ModuleVersion.pending({ id: 'modver-1', moduleId: 'mod-1', version: '1.0.0', commitSha: null }, AT), downloads: 0 }

function detailWith(readme: string | null) {
  const metadata: ModuleMetadata = { ...FAKE_METADATA, root: { ...FAKE_METADATA.root, readme } }
  return moduleDetail({ module: MODULE, latest: VERSION, version: VERSION, metadata, providers: ['aws'], versions: ['1.0.0'] })
}

describe('the protocol documents', () => {
  it("a version's detail describes the module by its README's first paragraph, as plain text", () => {
    expect(detailWith('# vpc\n\n[![CI](https://ci.example.com/b.svg)](https://ci.example.com)\n\nA **VPC** with [subnets](docs/subnets.md).').description).toBe('A VPC with subnets.')
    expect(detailWith(null).description).toBe('')
  })

  it('a list entry reads no metadata, so has no description', () => {
    expect(shortModule({ module: MODULE, latest: VERSION }).description).toBe('')
  })
})
