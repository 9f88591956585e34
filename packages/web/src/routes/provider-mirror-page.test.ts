import { OPERATOR, type MirroredArchive } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { webTestApp } from '../test-support/web-test-app.ts'

function anArchive(overrides: Partial<MirroredArchive>): MirroredArchive {
  return {
    id: 'provmirror-1',
    hostname: 'registry.terraform.io',
    namespace: 'hashicorp',
    type: 'time',
    version: '0.14.2',
    os: 'linux',
    arch: 'amd64',
    filename: 'terraform-provider-time_0.14.2_linux_amd64.zip',
    size: 5 * 1024 * 1024,
    h1: 'h1:qMDrfmBhuxxKCaNhhlZGcjGm8YhjYzzyvSRoCZnWdO8=',
    sha256: 'a'.repeat(64),
    createdAt: new Date('2026-12-04T10:00:00Z'),
    lastUsedAt: new Date('2026-12-04T11:30:00Z'),
    ...overrides,
  }
}

describe('the provider mirror page', () => {
  it('shows site admins each version with its platforms, sizes and last use, and removes a version', async () => {
    const t = await webTestApp()
    const admin = await t.useCases.createUser.execute({ username: 'admin', email: 'admin@example.com', isSiteAdmin: true }, OPERATOR)
    const { bearer } = await t.useCases.userTokens.create.execute({ user: { id: admin.id } }, OPERATOR)
    await t.unitOfWork.run(async ({ mirroredArchives }) => {
      await mirroredArchives.add(anArchive({}))
      await mirroredArchives.add(anArchive({ id: 'provmirror-2', os: 'darwin', arch: 'arm64', size: 300 * 1024 }))
      await mirroredArchives.add(anArchive({ id: 'provmirror-3', version: '0.13.1' }))
    })
    const { cookie, csrf } = await t.signIn(bearer)
    const home = await (await t.browse('/app/', { cookie })).text()
    expect(home).toContain('<a href="/app/admin/provider-mirror">Provider mirror</a>')
    const page = await (await t.browse('/app/admin/provider-mirror', { cookie })).text()
    expect(page).toContain('<h1>Provider mirror</h1>')
    expect(page).toContain('3 archives.')
    expect(page).toContain('registry.terraform.io/hashicorp/time')
    expect(page).toContain('darwin_arm64')
    expect(page).toContain('5.0 MiB')
    expect(page).toContain('300 KiB')
    expect(page).toContain('datetime="2026-12-04T11:30:00.000Z"')
    const removal = '/app/admin/provider-mirror/registry.terraform.io/hashicorp/time/0.14.2/remove'
    expect(page).toContain(`action="${removal}"`)

    const removed = await t.browse(removal, { cookie, form: { _csrf: csrf } })
    expect(removed.status).toBe(303)
    const after = await (
      await t.browse('/app/admin/provider-mirror', { cookie: `${cookie}; ${removed.headers.get('set-cookie') ?? ''}` })
    ).text()
    expect(after).toContain('1 archive.')
    expect(after).not.toContain('darwin_arm64')
  })

  it('is not found for anyone but a site admin, and linked from no one else’s header', async () => {
    const t = await webTestApp()
    const { cookie } = await t.signIn(t.owner.token)
    expect(await (await t.browse('/app/', { cookie })).text()).not.toContain('/app/admin/provider-mirror')
    expect((await t.browse('/app/admin/provider-mirror', { cookie })).status).toBe(404)
  })
})
