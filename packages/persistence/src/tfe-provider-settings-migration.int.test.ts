import { afterAll, describe, expect, it } from 'vitest'
import { connect, storeOver, type Store } from './store.ts'
import { insertEarlyOrganization } from './test-support/early-organization.ts'
import { MIGRATION_LOCATIONS } from './test-support/migration-locations.ts'

describe.each(MIGRATION_LOCATIONS)('the migration that stores external ids and the settings the tfe provider sends (%s)', (_name, open) => {
  let store: Store | undefined
  let drop: () => Promise<void> = async () => undefined
  afterAll(async () => {
    await store?.close()
    await drop()
  })

  it("gives each organization stored before it an external id of its own and the real API's defaults, and each team member token management", async () => {
    const opened = await open()
    drop = opened.drop
    const orm = await connect(opened.location)
    store = storeOver(orm, opened.location)
    await orm.migrator.up({ to: 'Migration20261203121705_provider_registry' })
    for (const name of ['acme', 'globex']) await insertEarlyOrganization(orm, name)
    await orm.em
      .getConnection()
      .execute(
        `insert into teams (id, organization_name, name, manage_modules, manage_workspaces, created_at) values ('team-1', 'acme', 'owners', true, true, now())`,
      )

    await store.migrate()

    const [acme, globex] = await store.unitOfWork.read(({ organizations }) => organizations.findByNames(['acme', 'globex']))
    expect(acme).toMatchObject({ externalId: expect.stringMatching(/^org-[0-9a-f]{16}$/), speculativePlanManagementEnabled: true })
    expect(globex?.externalId).toMatch(/^org-[0-9a-f]{16}$/)
    expect(globex?.externalId).not.toBe(acme?.externalId)
    await expect(store.unitOfWork.read(({ teams }) => teams.findById('team-1'))).resolves.toMatchObject({
      allowMemberTokenManagement: true,
    })
  }, 60_000)
})
