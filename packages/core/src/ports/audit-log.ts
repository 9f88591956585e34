import type { AuditEvent } from '../audit/audit-event.ts'
import type { Page, PageRequest } from '../shared/page.ts'

/** The persisted record of what administrators did. Append-only. */
export interface AuditLog {
  record(event: AuditEvent): Promise<void>
  /** A page of events, newest first. */
  list(page: PageRequest): Promise<Page<AuditEvent>>
}
