import { beforeEach, describe, expect, it } from 'vitest'
import { json, type ListDoc } from '../test-support/documents.ts'
import { moduleBody, moduleOrganization } from '../test-support/module-fixtures.ts'
import { testApp, type TestApp } from '../test-support/test-app.ts'
import { connectGitHost, GIT_HOST, vcsBody } from '../test-support/vcs-fixtures.ts'

const MODULES = '/api/v2/organizations/acme/registry-modules'
const COMMITS = `${MODULES}/private/acme/vpc/aws/commits`

const commit = (sha: string, day: number) => ({
  sha,
  message: `change ${sha}`,
  authorName: 'Ada',
  date: new Date(Date.UTC(2026, 0, day)),
})

describe('GET …/registry-modules/private/:org/:name/:provider/commits (go-tfe ListCommits)', () => {
  let t: TestApp
  let tokens: Awaited<ReturnType<typeof moduleOrganization>>
  let tokenId: string

  beforeEach(async () => {
    t = await testApp()
    tokens = await moduleOrganization(t)
    tokenId = await connectGitHost(t, tokens.owner)
    t.deps.vcs.serve(`${GIT_HOST}/acme/terraform-aws-vpc.git`, {
      branches: [
        { name: 'main', commitSha: 'c3' },
        { name: 'develop', commitSha: 'd4' },
      ],
      trees: { c3: 'tree', d4: 'tree' },
      history: { main: [commit('c3', 3), commit('b2', 2), commit('a1', 1)], develop: [commit('d4', 4), commit('c3', 3)] },
    })
  })

  const publish = (vcsRepo: Record<string, unknown> = {}) =>
    t.call(
      'POST',
      `${MODULES}/vcs`,
      tokens.publisher,
      vcsBody({ identifier: 'acme/terraform-aws-vpc', 'oauth-token-id': tokenId, ...vcsRepo }),
    )

  it('200: commit resources of the default branch of a tag-based module, newest first, with their page on the host', async () => {
    expect((await publish()).status).toBe(201)
    const response = await t.call('GET', COMMITS, tokens.reader)
    expect(response.status).toBe(200)
    const list = await json<ListDoc>(response)
    expect(list.data.map((resource) => resource.id)).toEqual(['c3', 'b2', 'a1'])
    expect(list.data[0]).toEqual({
      id: 'c3',
      type: 'commit',
      attributes: {
        sha: 'c3',
        date: '2026-01-03T00:00:00.000Z',
        url: `${GIT_HOST}/acme/terraform-aws-vpc/commit/c3`,
        author: 'Ada',
        'author-avatar-url': null,
        'author-html-url': null,
        message: 'change c3',
      },
    })
    expect(list.meta.pagination).toMatchObject({ 'current-page': 1, 'total-count': 3 })
  })

  it('200: the branch of a branch-based module, in pages', async () => {
    expect((await publish({ branch: 'develop' })).status).toBe(201)
    const list = await json<ListDoc>(await t.call('GET', `${COMMITS}?page[number]=2&page[size]=1`, tokens.reader))
    expect(list.data.map((resource) => resource.id)).toEqual(['c3'])
    expect(list.meta.pagination).toMatchObject({ 'current-page': 2, 'page-size': 1, 'total-count': 2, 'next-page': null })
  })

  it('404 for a module not published from VCS, for one that does not exist, and for a non-member', async () => {
    expect((await t.call('POST', MODULES, tokens.publisher, moduleBody({ name: 'vpc', provider: 'aws' }))).status).toBe(201)
    expect((await t.call('GET', COMMITS, tokens.reader)).status).toBe(404)
    expect((await t.call('GET', COMMITS.replace('/vpc/', '/dns/'), tokens.reader)).status).toBe(404)
    const stranger = await t.signUp('stranger')
    expect((await t.call('GET', COMMITS, stranger.token)).status).toBe(404)
  })

  it('503 when the git host cannot be reached; 400 for a bad page number', async () => {
    expect((await publish()).status).toBe(201)
    expect((await t.call('GET', `${COMMITS}?page[number]=0`, tokens.reader)).status).toBe(400)
    t.deps.vcs.reachable = false
    expect((await t.call('GET', COMMITS, tokens.reader)).status).toBe(503)
  })
})
