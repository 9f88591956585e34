import { recordAuditEvent } from '../audit/record-audit-event.ts'
import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import { FieldErrors } from '../errors/field-errors.ts'
import { organizationAccess, requireOrganization } from '../organizations/organization-access.ts'
import type { SecretCipher } from '../ports/secret-cipher.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { Page, PageRequest } from '../shared/page.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { isVcsServiceProvider, parseHostUrl, VCS_SERVICE_PROVIDERS, type VcsConnection } from './vcs-connection.ts'

export interface CreateVcsConnectionCommand {
  readonly organizationName: string
  readonly serviceProvider?: string
  readonly httpUrl?: string
  /** The API address; the HTTP address when absent. */
  readonly apiUrl?: string
  /** The token git is read with. Write-only: sealed, never shown again. */
  readonly credential?: string
  readonly name?: string
}

export interface UpdateVcsConnectionCommand {
  readonly id: string
  readonly httpUrl?: string
  readonly apiUrl?: string
  readonly credential?: string
  readonly name?: string
}

export interface ManageVcsConnectionsDeps extends Pick<UseCaseDeps, 'unitOfWork' | 'clock' | 'ids'> {
  readonly cipher: SecretCipher
}

/**
 * An organization's VCS connections (the real API's OAuth clients and tokens). Owners create,
 * change and delete them; teams that manage modules read them, to publish with them.
 */
export class ManageVcsConnections {
  readonly #deps: ManageVcsConnectionsDeps

  constructor(deps: ManageVcsConnectionsDeps) {
    this.#deps = deps
  }

  create(command: CreateVcsConnectionCommand, principal: Principal): Promise<VcsConnection> {
    return this.#deps.unitOfWork.run(async (repositories) => {
      await requireOrganization(repositories, principal, command.organizationName, 'isOwner')
      const errors = new FieldErrors()
      const serviceProvider = command.serviceProvider ?? ''
      if (!isVcsServiceProvider(serviceProvider)) errors.add('service-provider', `must be one of ${VCS_SERVICE_PROVIDERS.join(', ')}`)
      if (command.credential === undefined || command.credential === '') errors.add('oauth-token-string', 'is required')
      if (command.httpUrl === undefined) errors.add('http-url', 'is required')
      const httpUrl = command.httpUrl === undefined ? undefined : errors.collect(() => parseHostUrl('http-url', command.httpUrl ?? ''))
      const apiUrl = command.apiUrl === undefined ? httpUrl : errors.collect(() => parseHostUrl('api-url', command.apiUrl ?? ''))
      errors.throwIfAny()
      const now = this.#deps.clock.now()
      const id = this.#deps.ids.next('oc')
      const connection: VcsConnection = {
        id,
        tokenId: this.#deps.ids.next('ot'),
        organizationName: command.organizationName,
        name: command.name ?? null,
        serviceProvider: serviceProvider as VcsConnection['serviceProvider'],
        httpUrl: httpUrl ?? '',
        apiUrl: apiUrl ?? '',
        sealedCredential: this.#deps.cipher.seal(command.credential ?? '', id),
        createdAt: now,
        updatedAt: now,
      }
      await repositories.vcsConnections.add(connection)
      await recordAuditEvent(this.#deps, repositories, { type: 'vcs_connection.created', principal, targetId: connection.id })
      return connection
    })
  }

  list(command: { readonly organizationName: string; readonly page: PageRequest }, principal: Principal): Promise<Page<VcsConnection>> {
    return this.#deps.unitOfWork.read(async (repositories) => {
      await requireOrganization(repositories, principal, command.organizationName, 'canManageModules')
      return repositories.vcsConnections.list(command.organizationName, command.page)
    })
  }

  show(command: { readonly id: string }, principal: Principal): Promise<VcsConnection> {
    return this.#deps.unitOfWork.read((repositories) => visible(repositories, principal, () => repositories.vcsConnections.findById(command.id), 'canManageModules'))
  }

  /** The connection an OAuth token (`ot-…`) belongs to. */
  showByToken(command: { readonly tokenId: string }, principal: Principal): Promise<VcsConnection> {
    return this.#deps.unitOfWork.read((repositories) =>
      visible(repositories, principal, () => repositories.vcsConnections.findByTokenId(command.tokenId), 'canManageModules'),
    )
  }

  update(command: UpdateVcsConnectionCommand, principal: Principal): Promise<VcsConnection> {
    return this.#deps.unitOfWork.run(async (repositories) => {
      const current = await visible(repositories, principal, () => repositories.vcsConnections.findById(command.id), 'isOwner')
      const errors = new FieldErrors()
      const httpUrl = command.httpUrl === undefined ? current.httpUrl : errors.collect(() => parseHostUrl('http-url', command.httpUrl ?? ''))
      const apiUrl = command.apiUrl === undefined ? current.apiUrl : errors.collect(() => parseHostUrl('api-url', command.apiUrl ?? ''))
      if (command.credential === '') errors.add('oauth-token-string', 'cannot be empty')
      errors.throwIfAny()
      const updated: VcsConnection = {
        ...current,
        httpUrl: httpUrl ?? current.httpUrl,
        apiUrl: apiUrl ?? current.apiUrl,
        ...(command.name !== undefined && { name: command.name }),
        ...(command.credential !== undefined && { sealedCredential: this.#deps.cipher.seal(command.credential, current.id) }),
        updatedAt: this.#deps.clock.now(),
      }
      await repositories.vcsConnections.update(updated)
      await recordAuditEvent(this.#deps, repositories, { type: 'vcs_connection.updated', principal, targetId: updated.id })
      return updated
    })
  }

  remove(command: { readonly id: string }, principal: Principal): Promise<void> {
    return this.#deps.unitOfWork.run(async (repositories) => {
      await visible(repositories, principal, () => repositories.vcsConnections.findById(command.id), 'isOwner')
      await repositories.vcsConnections.remove(command.id)
      await recordAuditEvent(this.#deps, repositories, { type: 'vcs_connection.deleted', principal, targetId: command.id })
    })
  }
}

/** The connection, when the principal has `need` in its organization; `not_found` otherwise. */
async function visible(
  repositories: Repositories,
  principal: Principal,
  find: () => Promise<VcsConnection | undefined>,
  need: 'canManageModules' | 'isOwner',
): Promise<VcsConnection> {
  const connection = await find()
  if (connection === undefined || !(await organizationAccess(repositories, principal, connection.organizationName))[need]) {
    throw CairnError.notFound('oauth client')
  }
  return connection
}
