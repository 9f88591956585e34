import { OPERATOR } from '@cairn/core'
import { beforeEach, describe, expect, it } from 'vitest'
import { json, type ErrorDoc, type ListDoc, type SingleDoc } from '../test-support/documents.ts'
import { anOrganizationWith } from '../test-support/seed.ts'
import { testApp, type TestApp } from '../test-support/test-app.ts'

describe.each(['/api/v2/admin', '/admin'])('admin workspaces under %s (spec §4.2)', (prefix) => {
  let t: TestApp
  const base = `${prefix}/workspaces`
  let ids: Record<string, string>

  // acme: alpha (applied run, state changed last), beta (planning run); zeta-org: gamma (no run).
  beforeEach(async () => {
    t = await testApp()
    const acme = await anOrganizationWith(t.useCases, t.member.user, 'acme', ['beta', 'alpha'])
    t.deps.clock.advance(1000)
    const zeta = await anOrganizationWith(t.useCases, t.member.user, 'zeta-org', ['gamma'])
    const [beta, alpha] = acme.workspaces
    const [gamma] = zeta.workspaces
    ids = { alpha: alpha?.id ?? '', beta: beta?.id ?? '', gamma: gamma?.id ?? '' }
    t.deps.clock.advance(1000)
    const alphaRun = await t.useCases.runs.create({ workspaceId: ids['alpha'] ?? '' }, acme.principal)
    t.deps.clock.advance(1000)
    const betaRun = await t.useCases.runs.create({ workspaceId: ids['beta'] ?? '' }, acme.principal)
    await t.useCases.runs.recordStatus({ id: alphaRun.id, status: 'applied' }, OPERATOR)
    await t.useCases.runs.recordStatus({ id: betaRun.id, status: 'planning' }, OPERATOR)
    t.deps.clock.advance(1000)
    await t.useCases.workspaces.recordStateVersion({ id: ids['alpha'] ?? '' }, acme.principal)
  })

  const names = (doc: ListDoc) => doc.data.map((w) => w.attributes['name'])
  const list = async (query: string) => {
    const response = await t.call('GET', `${base}${query}`, t.adminToken)
    expect(response.status).toBe(200)
    return json<ListDoc>(response)
  }

  it('200: every workspace of every organization, ordered by name by default', async () => {
    const doc = await list('')
    expect(names(doc)).toEqual(['alpha', 'beta', 'gamma'])
    expect(doc.data[0]).toMatchObject({ type: 'workspaces', relationships: { organization: { data: { type: 'organizations' } } } })
    expect(names(await list(''))).toEqual(names(doc))
    expect(doc.meta.pagination['total-count']).toBe(3)
    expect(doc.meta['status-counts']).toMatchObject({ applied: 1, planning: 1, 'policy-checked': 0, none: 1, total: 3 })
  })

  it('200: status counts follow q, not the status filter or the page', async () => {
    const doc = await list('?q=acme&filter[current_run][status]=applied&page[size]=1')
    expect(doc.meta['status-counts']).toMatchObject({ applied: 1, planning: 1, none: 0, total: 2 })
  })

  it('200: q matches the workspace name or the organization name', async () => {
    expect(names(await list('?q=alp'))).toEqual(['alpha'])
    expect(names(await list('?q=ZETA&sort=name'))).toEqual(['gamma'])
    expect(names(await list('?q=acme&sort=name'))).toEqual(['alpha', 'beta'])
  })

  it('200: filter[current_run][status] takes a comma list of statuses', async () => {
    expect(names(await list('?filter[current_run][status]=applied'))).toEqual(['alpha'])
    expect(names(await list('?filter%5Bcurrent_run%5D%5Bstatus%5D=planning,applied&sort=name'))).toEqual(['alpha', 'beta'])
    expect(names(await list('?filter[current_run][status]=errored'))).toEqual([])
    expect(names(await list('?filter[current_run][status]=applied,'))).toEqual(['alpha'])
  })

  it('422: filter[current_run][status] with an unknown status', async () => {
    const response = await t.call('GET', `${base}?filter[current_run][status]=applied,bogus`, t.adminToken)
    expect(response.status).toBe(422)
    expect((await json<ErrorDoc>(response)).errors[0]).toMatchObject({
      status: '422',
      source: { parameter: 'filter[current_run][status]' },
    })
  })

  it.each([
    ['name', ['alpha', 'beta', 'gamma']],
    ['-name', ['gamma', 'beta', 'alpha']],
    ['current-run.created-at', ['alpha', 'beta', 'gamma']],
    ['-current-run.created-at', ['gamma', 'beta', 'alpha']],
    ['latest-change-at', ['beta', 'gamma', 'alpha']],
    ['-latest-change-at', ['alpha', 'gamma', 'beta']],
  ])('200: sort=%s', async (sort, expected) => {
    expect(names(await list(`?sort=${sort}`))).toEqual(expected)
  })

  it('400: an unknown sort key', async () => {
    const response = await t.call('GET', `${base}?sort=created-at`, t.adminToken)
    expect(response.status).toBe(400)
    expect((await json<ErrorDoc>(response)).errors[0]?.source).toEqual({ parameter: 'sort' })
  })

  it('200: pagination', async () => {
    const doc = await list('?sort=name&page[number]=2&page[size]=2')
    expect(names(doc)).toEqual(['gamma'])
    expect(doc.meta.pagination).toMatchObject({ 'current-page': 2, 'prev-page': 1, 'next-page': null, 'total-pages': 2 })
  })

  it('200: include=organization,organization.owners,current_run as a compound document without duplicates', async () => {
    const doc = await list('?sort=name&include=organization,organization.owners,current_run')
    const included = doc.included ?? []
    const keys = included.map((r) => `${r.type}/${r.id}`)
    expect(new Set(keys).size).toBe(keys.length)
    expect(keys.filter((k) => k.startsWith('organizations/')).sort()).toEqual(['organizations/acme', 'organizations/zeta-org'])
    expect(keys.filter((k) => k.startsWith('users/'))).toEqual([`users/${t.member.user.id}`])
    expect(keys.filter((k) => k.startsWith('runs/'))).toHaveLength(2)
    const acme = included.find((r) => r.id === 'acme')
    expect(acme?.relationships?.['owners']?.data).toEqual([{ id: t.member.user.id, type: 'users' }])
    const alpha = doc.data.find((w) => w.attributes['name'] === 'alpha')
    const runId = (alpha?.relationships?.['current-run']?.data as { id: string }).id
    expect(included.find((r) => r.id === runId)?.attributes['status']).toBe('applied')
  })

  it('200: without include there is no included member', async () => {
    expect((await list('')).included).toBeUndefined()
  })

  it('400: an unknown include', async () => {
    const response = await t.call('GET', `${base}?include=workspaces`, t.adminToken)
    expect(response.status).toBe(400)
    expect((await json<ErrorDoc>(response)).errors[0]?.detail).toContain('include parameter')
  })

  it('404: not an administrator', async () => {
    expect((await t.call('GET', base, t.memberToken)).status).toBe(404)
  })

  describe('show', () => {
    it('200: the workspace, with includes', async () => {
      const response = await t.call('GET', `${base}/${ids['alpha']}?include=current_run,organization`, t.adminToken)
      expect(response.status).toBe(200)
      const doc = await json<SingleDoc>(response)
      expect(doc.data).toMatchObject({ id: ids['alpha'], type: 'workspaces', attributes: { name: 'alpha', locked: false } })
      expect(doc.data.attributes['latest-change-at']).toMatch(/Z$/)
      expect(doc.included?.map((r) => r.type).sort()).toEqual(['organizations', 'runs'])
    })

    it('404: no such workspace, or not an administrator', async () => {
      expect((await t.call('GET', `${base}/ws-nope`, t.adminToken)).status).toBe(404)
      expect((await t.call('GET', `${base}/${ids['alpha']}`, t.memberToken)).status).toBe(404)
    })
  })

  describe('destroy', () => {
    it('204: removes the workspace and its runs; its tool version is used by one fewer', async () => {
      const toolVersion = await t.useCases.toolVersions.create.execute(
        { version: '1.9.0', url: 'https://x.test/t.zip', sha: 'a'.repeat(64) },
        OPERATOR,
      )
      const owner = (await anOrganizationWith(t.useCases, t.member.user, 'tooled')).principal
      const { workspace } = await t.useCases.workspaces.create({ organizationName: 'tooled', name: 'w', toolVersion: '1.9.0' }, owner)
      const run = await t.useCases.runs.create({ workspaceId: workspace.id }, owner)
      expect((await t.useCases.toolVersions.show.execute({ id: toolVersion.toolVersion.id }, OPERATOR)).usage).toBe(1)

      const response = await t.call('DELETE', `${base}/${workspace.id}`, t.adminToken)
      expect(response.status).toBe(204)
      expect(await response.text()).toBe('')
      expect((await t.call('GET', `${base}/${workspace.id}`, t.adminToken)).status).toBe(404)
      expect((await t.call('GET', `/api/v2/runs/${run.id}`, t.memberToken)).status).toBe(404)
      expect((await t.useCases.toolVersions.show.execute({ id: toolVersion.toolVersion.id }, OPERATOR)).usage).toBe(0)
    })

    it('404: no such workspace, or not an administrator', async () => {
      expect((await t.call('DELETE', `${base}/ws-nope`, t.adminToken)).status).toBe(404)
      expect((await t.call('DELETE', `${base}/${ids['alpha']}`, t.memberToken)).status).toBe(404)
      expect((await t.call('GET', `${base}/${ids['alpha']}`, t.adminToken)).status).toBe(200)
    })
  })
})
