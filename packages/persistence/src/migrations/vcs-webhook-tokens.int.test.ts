import { afterEach, describe, expect, it } from 'vitest'
import { connect, storeOver, type Orm, type StoreLocation } from '../store.ts'
import { freshSchema } from '../test-support/postgres-schema.ts'

const BEFORE = 'Migration20261124185023_membership_invitations'
const CLEAR_TOKENS = 'Migration20261124213000_module_version_requirements'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** A VCS module and a plain one as rows written before webhook tokens were stored (then in clear, now sealed). */
async function seedOldRows(orm: Orm, schema: string | undefined): Promise<void> {
  const table = (name: string) => (schema === undefined ? `"${name}"` : `"${schema}"."${name}"`)
  const vcsRepo = {
    identifier: 'acme/terraform-aws-vpc',
    displayIdentifier: 'acme/terraform-aws-vpc',
    branch: '',
    tags: true,
    oauthTokenId: 'ot-1',
    githubAppInstallationId: null,
    sourceDirectory: '',
    tagPrefix: '',
  }
  await orm.em.execute(`insert into ${table('organizations')} ("name", "email", "created_at") values ('acme', 'acme@example.com', now())`)
  for (const [id, name, repo] of [
    ['mod-vcs', 'vpc', JSON.stringify(vcsRepo)],
    ['mod-plain', 'dns', null],
  ] as const) {
    await orm.em.execute(
      `insert into ${table('registry_modules')} ("id", "organization_name", "registry_name", "namespace", "name", "provider", "status", "publishing_mechanism", "no_code", "vcs_repo", "tests_enabled", "created_at", "updated_at")
       values (?, 'acme', 'private', 'acme', ?, 'aws', 'pending', ?, false, ?::jsonb, false, now(), now())`,
      [id, name, repo === null ? 'non_vcs' : 'git_tag', repo],
    )
  }
}

describe.each<[string, () => Promise<{ location: StoreLocation; schema?: string; drop?: () => Promise<void> }>]>([
  ['PGlite', async () => ({ location: { kind: 'pglite' } })],
  [
    'PostgreSQL',
    async () => {
      const { url, schema, drop } = await freshSchema()
      return { location: { kind: 'postgres', url, schema }, schema, drop }
    },
  ],
])('the webhook-token migrations on %s', (_name, open) => {
  let cleanup: (() => Promise<void>) | undefined
  afterEach(async () => cleanup?.())

  it('leaves no webhook token in clear: existing VCS modules keep their settings and have no webhook until a resync', async () => {
    const { location, schema, drop } = await open()
    const orm = await connect(location)
    cleanup = async () => {
      await orm.close(true)
      await drop?.()
    }
    await orm.migrator.up({ to: BEFORE })
    await seedOldRows(orm, schema)
    await orm.migrator.up({ to: CLEAR_TOKENS })
    const table = schema === undefined ? '"registry_modules"' : `"${schema}"."registry_modules"`
    const [clear] = await orm.em.execute<{ token: string | null }[]>(
      `select "vcs_repo"->>'webhookToken' as "token" from ${table} where "id" = 'mod-vcs'`,
    )
    expect(clear?.token).toMatch(UUID)
    await orm.migrator.up()
    const rows = await orm.em.execute<{ vcs_repo: unknown; webhook_token_digest: string | null }[]>(
      `select "vcs_repo", "webhook_token_digest" from ${table} where "id" = 'mod-vcs'`,
    )
    expect(JSON.stringify(rows)).not.toContain(clear?.token ?? 'no token')
    expect(rows[0]?.webhook_token_digest).toBeNull()
    const store = storeOver(orm, location)
    const vcs = await store.unitOfWork.read(({ registryModules }) => registryModules.findById('mod-vcs'))
    expect(vcs?.vcsRepo).toMatchObject({ ingressSubmodules: true, identifier: 'acme/terraform-aws-vpc', webhook: null })
    await expect(store.unitOfWork.read(({ registryModules }) => registryModules.findById('mod-plain'))).resolves.toMatchObject({
      vcsRepo: null,
    })
  }, 60_000)
})
