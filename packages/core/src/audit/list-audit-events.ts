import { assertSiteAdmin, type Principal } from '../auth/principal.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'
import type { Page, PageRequest } from '../shared/page.ts'
import type { AuditEvent } from './audit-event.ts'

/** Site administrators read the audit log, newest first. */
export class ListAuditEvents {
  readonly #deps: { readonly unitOfWork: UnitOfWork }

  constructor(deps: { readonly unitOfWork: UnitOfWork }) {
    this.#deps = deps
  }

  async execute(page: PageRequest, principal: Principal): Promise<Page<AuditEvent>> {
    assertSiteAdmin(principal)
    return this.#deps.unitOfWork.read(({ auditLog }) => auditLog.list(page))
  }
}
