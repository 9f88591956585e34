import { describe, expect, it } from 'vitest'
import { moduleNameFromRepository, parseVcsIdentifier, vcsIdentifierPath } from './vcs-identifier.ts'

describe('parseVcsIdentifier', () => {
  it('reads :org/:repo and :org/:project/_git/:repo', () => {
    expect(parseVcsIdentifier('acme/terraform-aws-vpc')).toEqual({ owner: 'acme', project: null, repository: 'terraform-aws-vpc' })
    const azure = parseVcsIdentifier('acme/network/_git/terraform-azurerm-vnet')
    expect(azure).toEqual({ owner: 'acme', project: 'network', repository: 'terraform-azurerm-vnet' })
    expect(vcsIdentifierPath(azure)).toBe('acme/network/_git/terraform-azurerm-vnet')
  })

  it.each(['acme', 'acme/', '/repo', 'acme/a/b', 'acme/p/git/r', 'acme/../repo', 'acme/re po', 'a/b/_git/c/d'])(
    'refuses %j on vcs-repo.identifier',
    (value) => {
      expect(() => parseVcsIdentifier(value)).toThrow(
        expect.objectContaining({ code: 'invalid', fields: [expect.objectContaining({ field: 'vcs-repo.identifier' })] }),
      )
    },
  )
})

describe('moduleNameFromRepository', () => {
  it('takes provider and name from terraform-<provider>-<name>', () => {
    expect(moduleNameFromRepository('terraform-aws-vpc')).toEqual({ provider: 'aws', name: 'vpc' })
    expect(moduleNameFromRepository('terraform-google-network-peering')).toEqual({ provider: 'google', name: 'network-peering' })
  })

  it.each(['vpc', 'terraform-aws', 'terraform-AWS-vpc', 'tf-aws-vpc', 'terraform-aws-vpc-'])('derives nothing from %j', (name) => {
    expect(moduleNameFromRepository(name)).toBeNull()
  })
})
