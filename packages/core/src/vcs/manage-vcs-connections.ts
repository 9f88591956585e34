import { changesOf, recordAuditEvent } from '../audit/record-audit-event.ts'
import type { Principal } from '../auth/principal.ts'
import { CairnError, isCairnError } from '../errors/cairn-error.ts'
import { FieldErrors } from '../errors/field-errors.ts'
import { organizationAccess, requireOrganization } from '../organizations/organization-access.ts'
import type { SecretCipher } from '../ports/secret-cipher.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { Page, PageRequest } from '../shared/page.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { isVcsServiceProvider, parseHostUrl, VCS_SERVICE_PROVIDERS, type VcsConnection } from './vcs-connection.ts'
import { isOriginBound, openCredential, originOf, sealCredential } from './vcs-credential.ts'

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
        sealedCredential: sealCredential(this.#deps.cipher, { id, httpUrl: httpUrl ?? '' }, command.credential ?? ''),
        createdAt: now,
        updatedAt: now,
      }
      await repositories.vcsConnections.add(connection)
      const changes = changesOf([
        ['service-provider', null, connection.serviceProvider],
        ['http-url', null, connection.httpUrl],
        ['api-url', null, connection.apiUrl],
        ['name', null, connection.name],
      ])
      await recordAuditEvent(this.#deps, repositories, {
        type: 'vcs_connection.created',
        principal,
        ...auditedAs(connection),
        changes: [...changes, CREDENTIAL_CHANGE],
      })
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
    return this.#deps.unitOfWork.read((repositories) =>
      visible(repositories, principal, () => repositories.vcsConnections.findById(command.id), 'canManageModules'),
    )
  }

  /** The connection an OAuth token (`ot-…`) belongs to. */
  showByToken(command: { readonly tokenId: string }, principal: Principal): Promise<VcsConnection> {
    return this.#deps.unitOfWork.read((repositories) =>
      visible(repositories, principal, () => repositories.vcsConnections.findByTokenId(command.tokenId), 'canManageModules'),
    )
  }

  /**
   * Changes what the command names. A new origin for `http-url` (scheme, host or port) needs the
   * credential again (`invalid` on `oauth-token-string` otherwise): the one given for a host is
   * never sent to another. The change is audited with the addresses before and after it.
   */
  update(command: UpdateVcsConnectionCommand, principal: Principal): Promise<VcsConnection> {
    return this.#deps.unitOfWork.run(async (repositories) => {
      const current = await visible(repositories, principal, () => repositories.vcsConnections.findById(command.id), 'isOwner')
      const errors = new FieldErrors()
      const httpUrl =
        command.httpUrl === undefined ? current.httpUrl : errors.collect(() => parseHostUrl('http-url', command.httpUrl ?? ''))
      const apiUrl = command.apiUrl === undefined ? current.apiUrl : errors.collect(() => parseHostUrl('api-url', command.apiUrl ?? ''))
      if (command.credential === '') errors.add('oauth-token-string', 'cannot be empty')
      else if (command.credential === undefined && httpUrl !== undefined && originOf(httpUrl) !== originOf(current.httpUrl)) {
        errors.add(
          'oauth-token-string',
          'is required when http-url changes to another host: the credential given for one host is never sent to another',
        )
      }
      errors.throwIfAny()
      const address = { id: current.id, httpUrl: httpUrl ?? current.httpUrl }
      const updated: VcsConnection = {
        ...current,
        httpUrl: address.httpUrl,
        apiUrl: apiUrl ?? current.apiUrl,
        ...(command.name !== undefined && { name: command.name }),
        sealedCredential: this.#resealed(current, address, command.credential),
        updatedAt: this.#deps.clock.now(),
      }
      await repositories.vcsConnections.update(updated)
      const changes = changesOf([
        ['http-url', current.httpUrl, updated.httpUrl],
        ['api-url', current.apiUrl, updated.apiUrl],
        ['name', current.name, updated.name],
      ])
      await recordAuditEvent(this.#deps, repositories, {
        type: 'vcs_connection.updated',
        principal,
        ...auditedAs(updated),
        changes: command.credential === undefined ? changes : [...changes, CREDENTIAL_CHANGE],
      })
      return updated
    })
  }

  /**
   * The credential sealed for the connection's address: the new one when given, else the current
   * one, whose origin has not changed. One still sealed in the older form, bound to the id only,
   * is sealed again bound to its origin, which an address changed in the database then cannot
   * open; one that does not open (sealed with a key since replaced) stays as it is.
   */
  #resealed(current: VcsConnection, address: Pick<VcsConnection, 'id' | 'httpUrl'>, credential: string | undefined): string {
    const { cipher } = this.#deps
    if (credential !== undefined) return sealCredential(cipher, address, credential)
    if (isOriginBound(current)) return current.sealedCredential
    try {
      return sealCredential(cipher, address, openCredential(cipher, current))
    } catch (error) {
      if (isCairnError(error, 'unavailable')) return current.sealedCredential
      throw error
    }
  }

  remove(command: { readonly id: string }, principal: Principal): Promise<void> {
    return this.#deps.unitOfWork.run(async (repositories) => {
      const connection = await visible(repositories, principal, () => repositories.vcsConnections.findById(command.id), 'isOwner')
      await repositories.vcsConnections.remove(command.id)
      await recordAuditEvent(this.#deps, repositories, { type: 'vcs_connection.deleted', principal, ...auditedAs(connection) })
    })
  }
}

/** The credential, in an audit event: that it was set, never its value. */
const CREDENTIAL_CHANGE = { attribute: 'oauth-token-string', from: null, to: null } as const

function auditedAs(connection: VcsConnection) {
  return { targetId: connection.id, targetName: connection.name ?? connection.httpUrl, organizationName: connection.organizationName }
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
