import { describe, expect, it } from 'vitest'
import { anAuditEvent } from '../builders/builders.ts'
import { idsOf, minute, PAGE } from './fixtures.ts'
import { useStore, type StoreHarness } from './store-harness.ts'

export function auditLogContract(name: string, open: StoreHarness): void {
  describe(`AuditLog contract: ${name}`, () => {
    const store = useStore(open)

    it('records an event with every field', async () => {
      const event = anAuditEvent({ type: 'user.impersonation_started', actorKind: 'user', actorId: 'user-admin', reason: 'ticket #42' })
      await store().run(({ auditLog }) => auditLog.record(event))
      await expect(store().run(({ auditLog }) => auditLog.list(PAGE))).resolves.toEqual({
        items: [event],
        total: 1,
        request: PAGE,
      })
    })

    it("records a token's actor, what the target was called, its organization and what changed", async () => {
      const event = anAuditEvent({
        type: 'vcs_connection.updated',
        actorKind: 'team',
        actorId: 'team-owners',
        actorTokenId: 'at-0000000000000042',
        targetId: 'oc-1',
        targetName: 'acme gitlab',
        organizationName: 'acme',
        changes: [
          { attribute: 'http-url', from: 'https://git.acme.test', to: 'https://elsewhere.test:8443' },
          { attribute: 'oauth-token-string', from: null, to: null },
        ],
      })
      await store().run(({ auditLog }) => auditLog.record(event))
      await store().run(({ auditLog }) => auditLog.record(anAuditEvent({ id: 'ae-plain', occurredAt: minute(1) })))
      const { items } = await store().run(({ auditLog }) => auditLog.list(PAGE))
      expect(items).toEqual([anAuditEvent({ id: 'ae-plain', occurredAt: minute(1) }), event])
    })

    it('lists events newest first, in the reverse order of recording when they happened at once', async () => {
      await store().run(async ({ auditLog }) => {
        await auditLog.record(anAuditEvent({ id: 'ae-b', occurredAt: minute(1) }))
        await auditLog.record(anAuditEvent({ id: 'ae-a', occurredAt: minute(1) }))
      })
      await store().run(({ auditLog }) => auditLog.record(anAuditEvent({ id: 'ae-d', occurredAt: minute(1) })))
      await store().run(async ({ auditLog }) => {
        await auditLog.record(anAuditEvent({ id: 'ae-c', occurredAt: minute(2) }))
        await auditLog.record(anAuditEvent({ id: 'ae-e', occurredAt: minute(2) }))
      })
      const all = await store().run(({ auditLog }) => auditLog.list(PAGE))
      expect({ total: all.total, ids: idsOf(all.items) }).toEqual({ total: 5, ids: ['ae-e', 'ae-c', 'ae-d', 'ae-a', 'ae-b'] })
      const second = await store().run(({ auditLog }) => auditLog.list({ number: 2, size: 2 }))
      expect({ total: second.total, ids: idsOf(second.items) }).toEqual({ total: 5, ids: ['ae-d', 'ae-a'] })
    })

    it('keeps nothing of work that fails', async () => {
      const failing = store().run(async ({ auditLog }) => {
        await auditLog.record(anAuditEvent())
        throw new Error('boom')
      })
      await expect(failing).rejects.toThrow('boom')
      await expect(store().run(({ auditLog }) => auditLog.list(PAGE))).resolves.toMatchObject({ total: 0, items: [] })
    })
  })
}
