import { ModuleVersion } from '@cairn/core'
import { aModule, FAKE_METADATA } from '@cairn/testing'
import { describe, expect, it } from 'vitest'
import { moduleDetail, shortModule } from './protocol-documents.ts'

const AT = new Date(0)
const MODULE = aModule({ status: 'setup_complete', createdAt: AT, updatedAt: AT })
const versionOf = (version: string, description: string) => ({
  ...ModuleVersion.pending({ id: `modver-${version}`, moduleId: 'mod-1', version, commitSha: null }, AT),
  downloads: 0,
  description,
})
const LATEST = versionOf('1.1.0', 'A VPC with subnets.')

describe('the protocol documents', () => {
  it("a list entry describes the module by its latest version's description", () => {
    expect(shortModule({ module: MODULE, latest: LATEST }).description).toBe('A VPC with subnets.')
  })

  it("a version's detail describes the module by that version's description", () => {
    const version = versionOf('1.0.0', 'A VPC.')
    const detail = moduleDetail({
      module: MODULE,
      latest: LATEST,
      version,
      metadata: FAKE_METADATA,
      providers: ['aws'],
      versions: ['1.0.0', '1.1.0'],
    })
    expect(detail.description).toBe('A VPC.')
  })
})
