import { aToolVersion, aUser, aWorkspace, inMemoryDeps, inOrganization } from '@cairn/testing'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Principal } from '../auth/principal.ts'
import { CreateToolVersion } from './create-tool-version.ts'
import { DeleteToolVersion } from './delete-tool-version.ts'
import { ListToolVersions } from './list-tool-versions.ts'
import { ShowToolVersion } from './show-tool-version.ts'
import { UpdateToolVersion } from './update-tool-version.ts'

const admin: Principal = { kind: 'user', user: aUser({ isSiteAdmin: true }), credential: { kind: 'token', tokenId: 'at-1' } }
const member: Principal = { kind: 'user', user: aUser(), credential: { kind: 'token', tokenId: 'at-2' } }
const required = { version: '1.9.0', url: 'https://releases.example.com/t.zip', sha: 'b'.repeat(64) }
const PAGE = { number: 1, size: 20 }

describe('tool version use cases (spec §4.4)', () => {
  let deps: ReturnType<typeof inMemoryDeps>
  let create: CreateToolVersion
  let update: UpdateToolVersion
  let remove: DeleteToolVersion
  let show: ShowToolVersion
  let list: ListToolVersions

  beforeEach(() => {
    deps = inMemoryDeps()
    create = new CreateToolVersion(deps)
    update = new UpdateToolVersion(deps)
    remove = new DeleteToolVersion(deps)
    show = new ShowToolVersion(deps)
    list = new ListToolVersions(deps)
  })

  describe('create', () => {
    it('applies the defaults of §2.5 and reports no usage', async () => {
      const { toolVersion, usage } = await create.execute(required, admin)
      expect(toolVersion).toMatchObject({
        ...required,
        deprecated: false,
        deprecatedReason: null,
        official: false,
        enabled: true,
        beta: false,
      })
      expect(toolVersion.id).toMatch(/^tool-/)
      expect(usage).toBe(0)
    })

    it('keeps the fields it is given', async () => {
      const given = { ...required, deprecated: true, deprecatedReason: 'eol', official: true, enabled: false, beta: true }
      const { toolVersion } = await create.execute(given, admin)
      expect(toolVersion).toMatchObject(given)
    })

    it('404: a non-administrator is told nothing exists', async () => {
      await expect(create.execute(required, member)).rejects.toMatchObject({ code: 'not_found' })
      await expect(list.execute({ page: PAGE }, admin)).resolves.toMatchObject({ total: 0 })
    })

    it('422: validation errors name the fields', async () => {
      await expect(create.execute({ ...required, version: '1.9' }, admin)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'version' }],
      })
    })

    it('422: a version that exists already', async () => {
      await create.execute(required, admin)
      await expect(create.execute(required, admin)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'version', message: 'has already been taken' }],
      })
    })
  })

  describe('show', () => {
    it('returns the tool version with its usage', async () => {
      const { toolVersion } = await create.execute(required, admin)
      await deps.unitOfWork.run((repositories) => inOrganization(repositories, aWorkspace({ toolVersionId: toolVersion.id })))
      await expect(show.execute({ id: toolVersion.id }, admin)).resolves.toEqual({ toolVersion, usage: 1 })
    })

    it('404: not found', async () => {
      await expect(show.execute({ id: 'tool-missing' }, admin)).rejects.toMatchObject({ code: 'not_found' })
    })

    it('404: not an administrator', async () => {
      const { toolVersion } = await create.execute(required, admin)
      await expect(show.execute({ id: toolVersion.id }, member)).rejects.toMatchObject({ code: 'not_found' })
    })
  })

  describe('update', () => {
    it('changes the given fields and keeps every omitted one', async () => {
      const { toolVersion } = await create.execute({ ...required, official: true, beta: true }, admin)
      deps.clock.advance(1000)
      const { toolVersion: updated } = await update.execute({ id: toolVersion.id, changes: { enabled: false } }, admin)
      expect(updated).toEqual({ ...toolVersion, enabled: false, updatedAt: deps.clock.now() })
    })

    it('drops the deprecation reason when a version is no longer deprecated', async () => {
      const { toolVersion } = await create.execute({ ...required, deprecated: true, deprecatedReason: 'eol' }, admin)
      const { toolVersion: updated } = await update.execute({ id: toolVersion.id, changes: { deprecated: false } }, admin)
      expect(updated).toMatchObject({ deprecated: false, deprecatedReason: null })
    })

    it('422: a reason on a version that is not deprecated', async () => {
      const { toolVersion } = await create.execute(required, admin)
      await expect(update.execute({ id: toolVersion.id, changes: { deprecatedReason: 'why' } }, admin)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'deprecatedReason' }],
      })
    })

    it('422: validation errors leave the stored version unchanged', async () => {
      const { toolVersion } = await create.execute(required, admin)
      await expect(update.execute({ id: toolVersion.id, changes: { sha: 'nope' } }, admin)).rejects.toMatchObject({
        code: 'invalid',
      })
      await expect(show.execute({ id: toolVersion.id }, admin)).resolves.toMatchObject({ toolVersion })
    })

    it('404: not found or not an administrator', async () => {
      const { toolVersion } = await create.execute(required, admin)
      await expect(update.execute({ id: 'tool-missing', changes: {} }, admin)).rejects.toMatchObject({
        code: 'not_found',
      })
      await expect(update.execute({ id: toolVersion.id, changes: {} }, member)).rejects.toMatchObject({
        code: 'not_found',
      })
    })
  })

  describe('delete', () => {
    it('removes a version that is neither official nor used', async () => {
      const { toolVersion } = await create.execute(required, admin)
      await remove.execute({ id: toolVersion.id }, admin)
      await expect(show.execute({ id: toolVersion.id }, admin)).rejects.toMatchObject({ code: 'not_found' })
    })

    it('422: an official version', async () => {
      const { toolVersion } = await create.execute({ ...required, official: true }, admin)
      await expect(remove.execute({ id: toolVersion.id }, admin)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'official' }],
      })
    })

    it('422: a version a workspace uses', async () => {
      const { toolVersion } = await create.execute(required, admin)
      await deps.unitOfWork.run((repositories) => inOrganization(repositories, aWorkspace({ toolVersionId: toolVersion.id })))
      await expect(remove.execute({ id: toolVersion.id }, admin)).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'usage' }],
      })
      await expect(show.execute({ id: toolVersion.id }, admin)).resolves.toMatchObject({ usage: 1 })
    })

    it('404: not found or not an administrator', async () => {
      const { toolVersion } = await create.execute(required, admin)
      await expect(remove.execute({ id: 'tool-missing' }, admin)).rejects.toMatchObject({ code: 'not_found' })
      await expect(remove.execute({ id: toolVersion.id }, member)).rejects.toMatchObject({ code: 'not_found' })
    })
  })

  describe('list', () => {
    beforeEach(async () => {
      await deps.unitOfWork.run(async ({ toolVersions }) => {
        for (const [second, version] of ['1.0.0', '1.1.0', '1.10.0'].entries()) {
          await toolVersions.add(aToolVersion({ version, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, second)) }))
        }
      })
    })

    it('pages through every version', async () => {
      const page = await list.execute({ page: { number: 1, size: 2 } }, admin)
      expect(page.total).toBe(3)
      expect(page.items.map((item) => item.toolVersion.version)).toEqual(['1.0.0', '1.1.0'])
    })

    it('filter[version] matches exactly and takes precedence over search[version]', async () => {
      const page = await list.execute({ exactVersion: '1.1.0', versionContains: '1.10', page: PAGE }, admin)
      expect(page.items.map((item) => item.toolVersion.version)).toEqual(['1.1.0'])
    })

    it('search[version] matches part of the version', async () => {
      const page = await list.execute({ versionContains: '1.1', page: PAGE }, admin)
      expect(page.items.map((item) => item.toolVersion.version)).toEqual(['1.1.0', '1.10.0'])
    })

    it('404: not an administrator', async () => {
      await expect(list.execute({ page: PAGE }, member)).rejects.toMatchObject({ code: 'not_found' })
    })
  })
})
