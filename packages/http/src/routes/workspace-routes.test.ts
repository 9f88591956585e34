import { addMember } from '@cairn/testing'
import { OPERATOR } from '@cairn/core'
import { beforeEach, describe, expect, it } from 'vitest'
import { json, type ErrorDoc, type ListDoc, type SingleDoc } from '../test-support/documents.ts'
import { anOrganizationWith } from '../test-support/seed.ts'
import { testApp, type TestApp } from '../test-support/test-app.ts'

const workspace = (attributes: Record<string, unknown>) => ({ data: { type: 'workspaces', attributes } })

describe('workspaces and runs', () => {
  let t: TestApp

  beforeEach(async () => {
    t = await testApp()
    await anOrganizationWith(t.useCases, t.member.user, 'acme')
    await t.useCases.toolVersions.create.execute({ version: '1.9.0', url: 'https://x.test/t.zip', sha: 'a'.repeat(64) }, OPERATOR)
  })

  async function createWorkspace(name = 'web'): Promise<string> {
    const response = await t.call(
      'POST',
      '/api/v2/organizations/acme/workspaces',
      t.memberToken,
      workspace({ name, 'terraform-version': '1.9.0' }),
    )
    expect(response.status).toBe(201)
    return (await json<SingleDoc>(response)).data.id
  }

  it('owners create workspaces with a tool version; read them by id and by name', async () => {
    const id = await createWorkspace()
    const byId = await json<SingleDoc>(await t.call('GET', `/api/v2/workspaces/${id}`, t.memberToken))
    expect(byId.data).toMatchObject({ type: 'workspaces', attributes: { name: 'web', 'terraform-version': '1.9.0', locked: false } })
    expect(byId.data.relationships?.['current-run']).toEqual({ data: null })
    const byName = await json<SingleDoc>(await t.call('GET', '/api/v2/organizations/acme/workspaces/web', t.memberToken))
    expect(byName.data.id).toBe(id)
    const list = await json<ListDoc>(await t.call('GET', '/api/v2/organizations/acme/workspaces', t.memberToken))
    expect(list.data.map((w) => w.id)).toEqual([id])
  })

  it('422: a taken name, a bad name, an unknown tool version', async () => {
    await createWorkspace()
    const post = (attributes: Record<string, unknown>) =>
      t.call('POST', '/api/v2/organizations/acme/workspaces', t.memberToken, workspace(attributes))
    expect((await post({ name: 'web' })).status).toBe(422)
    expect((await json<ErrorDoc>(await post({ name: 'has space' }))).errors[0]?.source).toEqual({ pointer: '/data/attributes/name' })
    const unknown = await post({ name: 'x', 'terraform-version': '9.9.9' })
    expect((await json<ErrorDoc>(unknown)).errors[0]?.source).toEqual({ pointer: '/data/attributes/terraform-version' })
  })

  it("404: outsiders, even site admins, do not see the organization's workspaces", async () => {
    const id = await createWorkspace()
    expect((await t.call('GET', `/api/v2/workspaces/${id}`, t.adminToken)).status).toBe(404)
    expect((await t.call('POST', '/api/v2/organizations/acme/workspaces', t.adminToken, workspace({ name: 'x' }))).status).toBe(404)
  })

  it('a run becomes the current run; discard and cancel follow its status', async () => {
    const id = await createWorkspace()
    const body = {
      data: { type: 'runs', attributes: { message: 'go' }, relationships: { workspace: { data: { type: 'workspaces', id } } } },
    }
    const created = await t.call('POST', '/api/v2/runs', t.memberToken, body)
    expect(created.status).toBe(201)
    const run = (await json<SingleDoc>(created)).data
    expect(run.attributes).toMatchObject({ status: 'pending', message: 'go' })
    const shown = await json<SingleDoc>(await t.call('GET', `/api/v2/workspaces/${id}`, t.memberToken))
    expect(shown.data.relationships?.['current-run']).toEqual({ data: { id: run.id, type: 'runs' } })

    expect((await t.call('POST', `/api/v2/runs/${run.id}/actions/cancel`, t.memberToken)).status).toBe(409)
    expect((await t.call('POST', `/api/v2/runs/${run.id}/actions/discard`, t.memberToken)).status).toBe(202)
    const discarded = await json<SingleDoc>(await t.call('GET', `/api/v2/runs/${run.id}`, t.memberToken))
    expect(discarded.data.attributes['status']).toBe('discarded')
    expect((await t.call('POST', `/api/v2/runs/${run.id}/actions/discard`, t.memberToken)).status).toBe(409)

    const runs = await json<ListDoc>(await t.call('GET', `/api/v2/workspaces/${id}/runs`, t.memberToken))
    expect(runs.data.map((r) => r.id)).toEqual([run.id])
  })

  it('404: members who do not manage workspaces read runs but do not create, discard or cancel them', async () => {
    const id = await createWorkspace()
    const reader = await t.signUp('reader')
    const owner = await t.useCases.authenticateToken.execute(t.memberToken)
    await addMember(t.useCases, { organizationName: 'acme', email: reader.user.email }, owner)
    const body = { data: { type: 'runs', relationships: { workspace: { data: { type: 'workspaces', id } } } } }
    expect((await t.call('POST', '/api/v2/runs', reader.token, body)).status).toBe(404)
    const run = (await json<SingleDoc>(await t.call('POST', '/api/v2/runs', t.memberToken, body))).data
    expect((await t.call('GET', `/api/v2/runs/${run.id}`, reader.token)).status).toBe(200)
    expect((await t.call('POST', `/api/v2/runs/${run.id}/actions/discard`, reader.token)).status).toBe(404)
    expect((await t.call('POST', `/api/v2/runs/${run.id}/actions/cancel`, reader.token)).status).toBe(404)
  })

  it('422: a run without a workspace relationship', async () => {
    const response = await t.call('POST', '/api/v2/runs', t.memberToken, { data: { type: 'runs', attributes: {} } })
    expect((await json<ErrorDoc>(response)).errors[0]?.source).toEqual({ pointer: '/data/relationships/workspace' })
  })

  it('owners delete workspaces by name', async () => {
    await createWorkspace()
    expect((await t.call('DELETE', '/api/v2/organizations/acme/workspaces/web', t.memberToken)).status).toBe(204)
    expect((await t.call('GET', '/api/v2/organizations/acme/workspaces/web', t.memberToken)).status).toBe(404)
  })
})
