import { CairnError, OPERATOR } from '@cairn/core'
import { fixtureModule, packDirectory } from '@cairn/test-fixtures'
import { untilSettled } from '@cairn/testing'
import { afterEach, describe, expect, it } from 'vitest'
import { createCairn, type Cairn } from './create-cairn.ts'
import type { CairnUseCases } from './cairn-use-cases.ts'

/** The facade as a JavaScript caller sees it: any argument may be missing or of the wrong type. */
type Unchecked = (command?: unknown, principal?: unknown) => Promise<unknown>

describe("a host's operations on an embedded Cairn", () => {
  const opened: Cairn[] = []
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((cairn) => cairn.close()))
  })

  async function open(): Promise<Cairn> {
    const cairn = await createCairn({ store: { kind: 'memory' } })
    opened.push(cairn)
    return cairn
  }

  it('offers what a host seeds and provisions with, and none of the internals', async () => {
    const { useCases } = await open()
    const operations = (group: object) => Object.keys(group).sort()
    expect(Object.fromEntries(Object.entries(useCases).map(([name, group]: [string, object]) => [name, operations(group)]))).toEqual({
      users: ['create'],
      tokens: ['authenticate', 'createForOrganization', 'createForTeam', 'createForUser'],
      organizations: ['create', 'list', 'show'],
      teams: ['create', 'list'],
      modules: ['create', 'createVersion', 'list', 'show', 'showVersion', 'uploadVersion'],
      providers: ['create', 'show'],
    } satisfies Record<keyof CairnUseCases, string[]>)
  })

  it('seeds and publishes a module with one call shape, operation(command, principal)', async () => {
    const { useCases } = await open()
    await useCases.users.create({ username: 'owner', email: 'owner@acme.test', isSiteAdmin: true }, OPERATOR)
    const { bearer } = await useCases.tokens.createForUser({ user: { username: 'owner' } }, OPERATOR)
    const owner = await useCases.tokens.authenticate({ token: bearer })
    await useCases.organizations.create({ name: 'acme', email: 'ops@acme.test' }, owner)
    const team = await useCases.teams.create({ organizationName: 'acme', name: 'publishers', access: { manageModules: true } }, owner)
    const teamToken = await useCases.tokens.createForTeam({ teamId: team.id }, owner)
    const publisher = await useCases.tokens.authenticate({ token: teamToken.bearer })
    expect(publisher).toMatchObject({ kind: 'team', team: { name: 'publishers' } })

    await useCases.modules.create({ organizationName: 'acme', name: 'network', provider: 'aws' }, publisher)
    const version = {
      organizationName: 'acme',
      address: { registryName: 'private', namespace: 'acme', name: 'network', provider: 'aws' },
      version: '1.0.0',
    } as const
    await useCases.modules.createVersion(version, publisher)
    const uploaded = await useCases.modules.uploadVersion({ ...version, content: packDirectory(fixtureModule('network')) }, publisher)
    expect(uploaded.status).toBe('reg_ingressing')
    const settled = await untilSettled(
      () => useCases.modules.showVersion(version, owner),
      (shown) => shown.version.status,
    )
    expect(settled.version.status).toBe('ok')
    const page = await useCases.modules.list({ organizationName: 'acme', page: { number: 1, size: 20 } }, owner)
    expect(page.items.map((view) => view.module.name)).toEqual(['network'])
    const organizations = await useCases.organizations.list({ page: { number: 1, size: 20 } }, owner)
    expect(organizations.items.map((organization) => organization.name)).toEqual(['acme'])
    await useCases.providers.create({ organizationName: 'acme', name: 'tools', registryName: 'private' }, owner)
    const provider = await useCases.providers.show(
      { organizationName: 'acme', address: { registryName: 'private', namespace: 'acme', name: 'tools' } },
      owner,
    )
    expect(provider).toMatchObject({ provider: { name: 'tools', namespace: 'acme' } })
  }, 30_000)

  it('answers missing or mistyped arguments from JavaScript with an invalid CairnError naming them, never a TypeError', async () => {
    const { useCases } = await open()
    const list = useCases.modules.list as Unchecked
    const missingPage = list({ organizationName: 'acme' }, OPERATOR)
    await expect(missingPage).rejects.toBeInstanceOf(CairnError)
    await expect(missingPage).rejects.toMatchObject({ code: 'invalid', fields: [{ field: 'page', message: 'is required' }] })
    await expect(list({ organizationName: 'acme', page: { number: '1', size: 20 } }, OPERATOR)).rejects.toMatchObject({
      fields: [{ field: 'page.number', message: 'must be a number (got string)' }],
    })
    const create = useCases.users.create as Unchecked
    await expect(create()).rejects.toMatchObject({
      code: 'invalid',
      fields: [
        { field: 'command', message: 'is required' },
        { field: 'principal', message: 'is required' },
      ],
    })
    await expect(create({ username: 'x', email: 'x@example.com', admin: true }, { kind: 'root' })).rejects.toMatchObject({
      code: 'invalid',
      fields: [
        { field: 'admin', message: 'is unknown' },
        { field: 'principal.kind', message: 'must be OPERATOR or a principal from tokens.authenticate' },
      ],
    })
    await expect((useCases.tokens.authenticate as Unchecked)('token')).rejects.toMatchObject({ code: 'invalid' })
  })
})
