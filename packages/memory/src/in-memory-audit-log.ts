import type { AuditEvent, AuditLog, Page, PageRequest } from '@cairn/core'
import { pageOf, type InMemoryState } from './in-memory-state.ts'

export class InMemoryAuditLog implements AuditLog {
  readonly #state: InMemoryState

  constructor(state: InMemoryState) {
    this.#state = state
  }

  async record(event: AuditEvent): Promise<void> {
    this.#state.auditEvents.push(event)
  }

  async list(page: PageRequest): Promise<Page<AuditEvent>> {
    const newestFirst = [...this.#state.auditEvents].reverse()
    return pageOf(newestFirst, page)
  }
}
