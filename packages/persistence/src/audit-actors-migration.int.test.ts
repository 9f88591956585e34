import { afterAll, describe, expect, it } from 'vitest'
import { connect, storeOver, type Store } from './store.ts'

describe('the migration that records the actor kind, token and changes of audit events', () => {
  let store: Store | undefined
  afterAll(async () => store?.close())

  it('keeps the events recorded before it, a kind where it can be told, and records the new fields after it', async () => {
    const orm = await connect({ kind: 'pglite' })
    store = storeOver(orm, { kind: 'pglite' })
    await orm.migrator.up({ to: 'Migration20261128123300_module_version_download_counts' })
    await orm.em.getConnection().execute(
      `insert into audit_events (id, type, actor_id, target_id, reason, occurred_at)
       values ('ae-1', 'user.suspended', 'user-admin', 'user-1', null, '2026-01-01T00:00:00Z'),
              ('ae-2', 'module_version.reuploaded', null, 'modver-1', 'upload attempt 2 of 1.0.0, which was ok', '2026-01-01T00:00:01Z'),
              ('ae-3', 'token.created', null, 'at-1', null, '2026-01-01T00:00:02Z')`,
    )

    await store.migrate()
    const change = { attribute: 'http-url', from: 'https://a.test', to: 'https://b.test' }
    const after = {
      id: 'ae-4',
      type: 'vcs_connection.updated',
      actorKind: 'team',
      actorId: 'team-1',
      actorTokenId: 'at-2',
      targetId: 'oc-1',
      targetName: 'github',
      organizationName: 'acme',
      reason: null,
      changes: [change],
      occurredAt: new Date('2026-01-01T00:00:03Z'),
    } as const
    await store.unitOfWork.run(({ auditLog }) => auditLog.record(after))

    const { items } = await store.unitOfWork.read(({ auditLog }) => auditLog.list({ number: 1, size: 10 }))
    const fields = ({ id, actorKind, actorId, actorTokenId, changes }: (typeof items)[number]) => ({
      id,
      actorKind,
      actorId,
      actorTokenId,
      changes,
    })
    expect(items.map(fields)).toEqual([
      { id: 'ae-4', actorKind: 'team', actorId: 'team-1', actorTokenId: 'at-2', changes: [change] },
      // The operator's, a team's or an organization's: not told apart then.
      { id: 'ae-3', actorKind: null, actorId: null, actorTokenId: null, changes: [] },
      { id: 'ae-2', actorKind: 'upload-link', actorId: null, actorTokenId: null, changes: [] },
      { id: 'ae-1', actorKind: 'user', actorId: 'user-admin', actorTokenId: null, changes: [] },
    ])
    expect(items[3]).toMatchObject({ reason: null, targetName: null, organizationName: null, targetId: 'user-1' })
  }, 60_000)
})
