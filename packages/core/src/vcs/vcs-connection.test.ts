import { describe, expect, it } from 'vitest'
import { commitWebUrl, credentialUsername, parseHostUrl, repositoryUrl, repositoryWebUrl } from './vcs-connection.ts'
import { parseVcsIdentifier } from './vcs-identifier.ts'
import { parseSourceDirectory, parseTagPrefix } from './vcs-source.ts'

const at = (serviceProvider: Parameters<typeof repositoryUrl>[0]['serviceProvider'], identifier: string) =>
  repositoryUrl({ serviceProvider, httpUrl: 'https://git.test' }, parseVcsIdentifier(identifier))

describe('where a connection finds a repository (spec §2.1 identifier forms)', () => {
  it('reads :org/:repo on GitHub, GitLab and Bitbucket Cloud, under /scm on Bitbucket Server', () => {
    expect(at('github', 'acme/terraform-aws-vpc')).toBe('https://git.test/acme/terraform-aws-vpc.git')
    expect(at('gitlab_community_edition', 'acme/vpc')).toBe('https://git.test/acme/vpc.git')
    expect(at('bitbucket_server', 'PROJ/vpc')).toBe('https://git.test/scm/PROJ/vpc.git')
  })

  it('reads :org/:project/_git/:repo on Azure DevOps only, and only that form there', () => {
    expect(at('ado_services', 'acme/net/_git/vpc')).toBe('https://git.test/acme/net/_git/vpc')
    for (const [provider, identifier] of [
      ['ado_server', 'acme/vpc'],
      ['github', 'acme/net/_git/vpc'],
    ] as const) {
      expect(() => at(provider, identifier)).toThrow(
        expect.objectContaining({ code: 'invalid', fields: [expect.objectContaining({ field: 'vcs-repo.identifier' })] }),
      )
    }
  })

  it('shows a repository and its commits where each host has their web pages', () => {
    const web = (serviceProvider: Parameters<typeof repositoryUrl>[0]['serviceProvider'], identifier: string) => {
      const repositoryHttpUrl = repositoryWebUrl({ serviceProvider, httpUrl: 'https://git.test' }, parseVcsIdentifier(identifier))
      return [repositoryHttpUrl, commitWebUrl({ serviceProvider, repositoryHttpUrl }, 'abc123')]
    }
    expect(web('github', 'acme/vpc')).toEqual(['https://git.test/acme/vpc', 'https://git.test/acme/vpc/commit/abc123'])
    expect(web('gitlab_hosted', 'acme/vpc')).toEqual(['https://git.test/acme/vpc', 'https://git.test/acme/vpc/-/commit/abc123'])
    expect(web('bitbucket_hosted', 'acme/vpc')).toEqual(['https://git.test/acme/vpc', 'https://git.test/acme/vpc/commits/abc123'])
    for (const provider of ['bitbucket_server', 'bitbucket_data_center'] as const) {
      expect(web(provider, 'PROJ/vpc')).toEqual([
        'https://git.test/projects/PROJ/repos/vpc',
        'https://git.test/projects/PROJ/repos/vpc/commits/abc123',
      ])
    }
    expect(web('ado_services', 'acme/net/_git/vpc')[0]).toBe('https://git.test/acme/net/_git/vpc')
  })

  it('sends a token as basic auth with the user name each host expects', () => {
    expect(credentialUsername('github_enterprise')).toBe('x-access-token')
    expect(credentialUsername('gitlab_hosted')).toBe('oauth2')
    expect(credentialUsername('bitbucket_hosted')).toBe('x-token-auth')
    expect(credentialUsername('ado_services')).toBe('git')
  })

  it('takes an http(s) base address without credentials, query or fragment; drops a trailing /', () => {
    expect(parseHostUrl('http-url', 'https://git.test/gitlab/')).toBe('https://git.test/gitlab')
    for (const bad of ['git.test', 'ssh://git.test', 'https://u:p@git.test', 'https://git.test/?a=1', 'https://git.test/#x']) {
      expect(() => parseHostUrl('http-url', bad)).toThrow(expect.objectContaining({ code: 'invalid' }))
    }
  })
})

describe('monorepo settings', () => {
  it('a source directory is a relative path inside the repository', () => {
    expect(parseSourceDirectory('./modules/vpc/')).toBe('modules/vpc')
    expect(parseSourceDirectory('')).toBe('')
    for (const bad of ['../etc', 'modules/../..', 'modules//x\u0000', 'a b']) {
      expect(() => parseSourceDirectory(bad)).toThrow(
        expect.objectContaining({ fields: [expect.objectContaining({ field: 'vcs-repo.source-directory' })] }),
      )
    }
  })

  it('a tag prefix is printable, without spaces, at most 128 characters', () => {
    expect(parseTagPrefix('vpc/')).toBe('vpc/')
    for (const bad of ['vpc /', 'x'.repeat(129), 'é'])
      expect(() => parseTagPrefix(bad)).toThrow(expect.objectContaining({ code: 'invalid' }))
  })
})
