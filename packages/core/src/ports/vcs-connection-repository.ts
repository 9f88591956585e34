import type { Page, PageRequest } from '../shared/page.ts'
import type { VcsConnection } from '../vcs/vcs-connection.ts'

/** An organization's VCS connections (OAuth clients with their token). */
export interface VcsConnectionRepository {
  /** A page of the organization's connections, oldest first. */
  list(organizationName: string, page: PageRequest): Promise<Page<VcsConnection>>
  findById(id: string): Promise<VcsConnection | undefined>
  /** The connection whose OAuth token is `tokenId` (`ot-…`). */
  findByTokenId(tokenId: string): Promise<VcsConnection | undefined>
  add(connection: VcsConnection): Promise<void>
  update(connection: VcsConnection): Promise<void>
  remove(id: string): Promise<void>
}
