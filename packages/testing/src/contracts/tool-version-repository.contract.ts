import { describe, expect, it } from 'vitest'
import { aToolVersion, aWorkspace } from '../builders/builders.ts'
import { seedOrganizations } from './fixtures.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

const PAGE = { number: 1, size: 20 }

export function toolVersionRepositoryContract(name: string, open: StoreHarness): void {
  describe(`ToolVersionRepository contract: ${name}`, () => {
    const store = useStore(open)

    async function seed(...versions: string[]): Promise<void> {
      await store().run(async ({ toolVersions }) => {
        for (const [index, version] of versions.entries()) {
          await toolVersions.add(aToolVersion({ version, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)) }))
        }
      })
    }

    it('stores and finds a tool version with every field intact', async () => {
      const toolVersion = aToolVersion({ deprecated: true, deprecatedReason: 'old', official: true, beta: true })
      await store().run(({ toolVersions }) => toolVersions.add(toolVersion))
      await expect(store().run(({ toolVersions }) => toolVersions.findById(toolVersion.id))).resolves.toEqual(toolVersion)
      const listed = { items: [{ toolVersion, usage: 0 }], total: 1 }
      await expect(store().read(({ toolVersions }) => toolVersions.list({ page: PAGE }))).resolves.toMatchObject(listed)
      await expect(store().run(({ toolVersions }) => toolVersions.list({ page: PAGE }))).resolves.toMatchObject(listed)
    })

    it('stores every platform binary in order, and replaces the list on update', async () => {
      const archs = [
        { url: 'https://x.test/arm.zip', sha: 'b'.repeat(64), os: 'linux', arch: 'arm64' },
        { url: 'https://x.test/mac.zip', sha: 'c'.repeat(64), os: 'darwin', arch: 'arm64' },
      ]
      const toolVersion = aToolVersion({ url: '', sha: '', archs })
      await store().run(({ toolVersions }) => toolVersions.add(toolVersion))
      await expect(store().run(({ toolVersions }) => toolVersions.findById(toolVersion.id))).resolves.toEqual(toolVersion)
      const one = [{ url: 'https://x.test/amd.zip', sha: 'd'.repeat(64), os: 'linux', arch: 'amd64' }]
      await store().run(({ toolVersions }) =>
        toolVersions.update({ ...toolVersion, url: 'https://x.test/amd.zip', sha: 'd'.repeat(64), archs: one }),
      )
      const { items } = await store().run(({ toolVersions }) => toolVersions.list({ page: PAGE }))
      expect(items.map((item) => item.toolVersion.archs)).toEqual([one])
    })

    it('answers undefined for an unknown id', async () => {
      await expect(store().run(({ toolVersions }) => toolVersions.findById('tool-missing'))).resolves.toBeUndefined()
    })

    it('finds several tool versions by id in one call, each once, leaving out unknown ids', async () => {
      const [first, second, third] = [
        aToolVersion({ version: '1.0.0' }),
        aToolVersion({ version: '1.1.0' }),
        aToolVersion({ version: '1.2.0' }),
      ]
      await store().run(async ({ toolVersions }) => {
        for (const toolVersion of [first, second, third]) await toolVersions.add(toolVersion)
      })
      const found = await store().read(({ toolVersions }) => toolVersions.findByIds([third.id, 'tool-missing', first.id, third.id]))
      expect([...found].sort((a, b) => a.version.localeCompare(b.version))).toEqual([first, third])
      await expect(store().read(({ toolVersions }) => toolVersions.findByIds([]))).resolves.toEqual([])
    })

    it('refuses a second tool version with the same version string', async () => {
      await seed('1.0.0')
      const duplicate = aToolVersion({ id: 'tool-other', version: '1.0.0' })
      await expect(store().run(({ toolVersions }) => toolVersions.add(duplicate))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'version', message: 'has already been taken' }],
      })
    })

    it('updates a tool version, refusing a version string another one has', async () => {
      await seed('1.0.0', '1.1.0')
      const first = aToolVersion({ version: '1.0.0', createdAt: new Date(Date.UTC(2026, 0, 1)) })
      await store().run(({ toolVersions }) => toolVersions.update({ ...first, enabled: false, url: 'https://x.test/a.zip' }))
      const updated = await store().run(({ toolVersions }) => toolVersions.findById(first.id))
      expect(updated).toMatchObject({ enabled: false, url: 'https://x.test/a.zip' })
      await expect(store().run(({ toolVersions }) => toolVersions.update({ ...first, version: '1.1.0' }))).rejects.toMatchObject({
        code: 'invalid',
        fields: [{ field: 'version' }],
      })
    })

    it('refuses to update a tool version it does not have with not_found', async () => {
      await expect(store().run(({ toolVersions }) => toolVersions.update(aToolVersion()))).rejects.toMatchObject({
        code: 'not_found',
      })
    })

    it('removes a tool version', async () => {
      await seed('1.0.0')
      const { id } = aToolVersion({ version: '1.0.0' })
      await store().run(({ toolVersions }) => toolVersions.remove(id))
      await expect(store().run(({ toolVersions }) => toolVersions.findById(id))).resolves.toBeUndefined()
    })

    it('refuses to remove a tool version that a workspace uses', async () => {
      await seed('1.0.0')
      const { id } = aToolVersion({ version: '1.0.0' })
      await seedOrganizations(store(), 'acme')
      await store().run(({ workspaces }) => workspaces.add(aWorkspace({ toolVersionId: id })))
      await expect(store().run(({ toolVersions }) => toolVersions.remove(id))).rejects.toMatchObject({
        code: 'invalid',
      })
    })

    it('lists oldest first with the total and usage counts', async () => {
      await seed('1.0.0', '1.1.0', '1.2.0')
      const used = aToolVersion({ version: '1.1.0' }).id
      await seedOrganizations(store(), 'acme')
      await store().run(async ({ workspaces }) => {
        await workspaces.add(aWorkspace({ id: 'ws-1', name: 'a', toolVersionId: used }))
        await workspaces.add(aWorkspace({ id: 'ws-2', name: 'b', toolVersionId: used }))
      })
      const page = await store().run(({ toolVersions }) => toolVersions.list({ page: PAGE }))
      expect(page.total).toBe(3)
      expect(page.items.map((item) => [item.toolVersion.version, item.usage])).toEqual([
        ['1.0.0', 0],
        ['1.1.0', 2],
        ['1.2.0', 0],
      ])
    })

    it('pages in the store', async () => {
      await seed('1.0.0', '1.1.0', '1.2.0', '1.3.0', '1.4.0')
      // Outside a transaction, as the use case lists (on PostgreSQL, a prepared statement).
      const page = await store().read(({ toolVersions }) => toolVersions.list({ page: { number: 2, size: 2 } }))
      expect(page.total).toBe(5)
      expect(page.items.map((item) => item.toolVersion.version)).toEqual(['1.2.0', '1.3.0'])
      const beyond = await store().read(({ toolVersions }) => toolVersions.list({ page: { number: 9, size: 2 } }))
      expect(beyond).toMatchObject({ total: 5, items: [] })
    })

    it('filters by exact version and by case-insensitive substring', async () => {
      await seed('1.0.0', '1.10.0', '1.1.0-Custom')
      const exact = await store().read(({ toolVersions }) => toolVersions.list({ exactVersion: '1.1.0-Custom', page: PAGE }))
      expect(exact.items.map((item) => item.toolVersion.version)).toEqual(['1.1.0-Custom'])
      const search = await store().read(({ toolVersions }) => toolVersions.list({ versionContains: '1.1', page: PAGE }))
      expect(search.items.map((item) => item.toolVersion.version)).toEqual(['1.10.0', '1.1.0-Custom'])
      const folded = await store().read(({ toolVersions }) => toolVersions.list({ versionContains: 'custom', page: PAGE }))
      expect(folded.total).toBe(1)
    })

    it('treats search characters literally', async () => {
      await seed('1.0.0', '1.1.0-a_b')
      const wildcard = await store().read(({ toolVersions }) => toolVersions.list({ versionContains: '%', page: PAGE }))
      expect(wildcard.total).toBe(0)
      const underscore = await store().read(({ toolVersions }) => toolVersions.list({ versionContains: 'a_b', page: PAGE }))
      expect(underscore.total).toBe(1)
    })
  })
}
