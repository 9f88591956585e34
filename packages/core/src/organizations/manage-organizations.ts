import { recordAuditEvent } from '../audit/record-audit-event.ts'
import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import { deleteBlobsAfter } from '../modules/delete-blobs-after.ts'
import { providerBlobKeysOfOrganization } from '../providers/provider-blob-keys.ts'
import type { BlobStore } from '../ports/blob-store.ts'
import { FieldErrors } from '../errors/field-errors.ts'
import type { Edition } from '../shared/edition.ts'
import type { Page, PageRequest } from '../shared/page.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { generalSettings } from '../settings/admin-general-settings.ts'
import type { CachedOrganizationAccess } from './cached-organization-access.ts'
import { parseEmail } from '../users/username.ts'
import { checkCollaboratorAuthPolicy, type Organization, parseOrganizationName } from './organization.ts'
import { requireOrganization } from './organization-access.ts'
import { OWNERS_TEAM, type Team } from './team.ts'

export interface OrganizationsDeps extends Pick<UseCaseDeps, 'unitOfWork' | 'clock' | 'ids'> {
  readonly organizationGrants: CachedOrganizationAccess
  readonly blobs: BlobStore
  /** The hosted edition has no admin API, and so no general settings: anyone creates organizations there. */
  readonly edition: Edition
}

/** The settings the real API takes on create and update; absent ones keep their value (or default). */
export interface OrganizationSettingsChange {
  /** Checked only: `password` is the one policy (COLLABORATOR_AUTH_POLICY). */
  readonly collaboratorAuthPolicy?: string
  readonly speculativePlanManagementEnabled?: boolean
}

export interface CreateOrganizationCommand extends OrganizationSettingsChange {
  readonly name: string
  readonly email: string
}

export interface UpdateOrganizationCommand extends OrganizationSettingsChange {
  readonly name: string
  readonly email?: string
}

/**
 * Organizations: a user creates one (in the self-hosted edition, only a site administrator while
 * the general settings limit organization creation) and becomes its first owner; members read it; owners change and delete it. Everyone else is told it does not exist (`not_found`).
 */
export class ManageOrganizations {
  readonly #deps: OrganizationsDeps

  constructor(deps: OrganizationsDeps) {
    this.#deps = deps
  }

  async create(command: CreateOrganizationCommand, principal: Principal): Promise<Organization> {
    if (principal.kind !== 'user') throw new CairnError('forbidden', 'only a user can create an organization')
    const errors = new FieldErrors()
    const name = errors.collect(() => parseOrganizationName(command.name)) ?? ''
    const email = errors.collect(() => parseEmail(command.email)) ?? ''
    errors.collect(() => checkCollaboratorAuthPolicy(command.collaboratorAuthPolicy))
    errors.throwIfAny()
    const now = this.#deps.clock.now()
    const organization: Organization = {
      name,
      externalId: this.#deps.ids.next('org'),
      email,
      speculativePlanManagementEnabled: command.speculativePlanManagementEnabled ?? true,
      createdAt: now,
    }
    const owners: Team = {
      id: this.#deps.ids.next('team'),
      organizationName: name,
      name: OWNERS_TEAM,
      access: { manageModules: true, manageWorkspaces: true },
      allowMemberTokenManagement: true,
      createdAt: now,
    }
    const { user } = principal
    await this.#deps.unitOfWork.run(async (repositories) => {
      const limited = this.#deps.edition === 'self-hosted' && (await generalSettings(repositories)).limitUserOrganizationCreation
      if (limited && !user.isSiteAdmin) {
        throw new CairnError('forbidden', 'only site administrators may create organizations on this installation')
      }
      const { organizations, teams, teamMembers, memberships } = repositories
      await organizations.add(organization)
      await teams.add(owners)
      await memberships.add({
        id: this.#deps.ids.next('ou'),
        organizationName: name,
        userId: user.id,
        status: 'active',
        email: user.email,
        invitedUserId: user.id,
        invitedTeamIds: [],
        createdAt: now,
      })
      await teamMembers.add(owners.id, user.id)
    })
    return organization
  }

  show(command: { readonly name: string }, principal: Principal): Promise<Organization> {
    return this.#deps.unitOfWork.read(async (repositories) => {
      const { organization } = await this.#deps.organizationGrants.require(repositories, principal, command.name, 'canRead')
      return organization
    })
  }

  /** The organizations the principal belongs to (all of them for the operator). */
  list(page: PageRequest, principal: Principal): Promise<Page<Organization>> {
    return this.#deps.unitOfWork.read(async ({ organizations }) => {
      switch (principal.kind) {
        case 'operator':
          return organizations.list({ page })
        case 'user':
          return organizations.list({ memberUserId: principal.user.id, page })
        default: {
          const name = principal.kind === 'team' ? principal.team.organizationName : principal.organizationName
          const own = await organizations.findByName(name)
          const items = own === undefined || page.number > 1 ? [] : [own]
          return { items, total: own === undefined ? 0 : 1, request: page }
        }
      }
    })
  }

  update(command: UpdateOrganizationCommand, principal: Principal): Promise<Organization> {
    return this.#deps.unitOfWork.run(async (repositories) => {
      const current = await requireOrganization(repositories, principal, command.name, 'isOwner')
      const errors = new FieldErrors()
      const email = errors.collect(() => (command.email === undefined ? current.email : parseEmail(command.email)))
      errors.collect(() => checkCollaboratorAuthPolicy(command.collaboratorAuthPolicy))
      errors.throwIfAny()
      const updated: Organization = {
        ...current,
        email: email ?? current.email,
        speculativePlanManagementEnabled: command.speculativePlanManagementEnabled ?? current.speculativePlanManagementEnabled,
      }
      await repositories.organizations.update(updated)
      return updated
    })
  }

  /** Deletes the organization with everything in it, module archives and provider files included; audited. */
  remove(command: { readonly name: string }, principal: Principal): Promise<void> {
    return deleteBlobsAfter(this.#deps, async (repositories) => {
      await requireOrganization(repositories, principal, command.name, 'isOwner')
      const keys = [
        ...(await repositories.moduleHousekeeping.archiveKeysOfOrganization(command.name)),
        ...(await providerBlobKeysOfOrganization(repositories, command.name)),
      ]
      await repositories.organizations.remove(command.name)
      const { name } = command
      await recordAuditEvent(this.#deps, repositories, {
        type: 'organization.deleted',
        principal,
        targetId: name,
        targetName: name,
        organizationName: name,
      })
      return keys
    })
  }
}
