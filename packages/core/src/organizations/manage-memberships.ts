import { impersonatorOf, type Principal } from '../auth/principal.ts'
import { recordAuditEvent } from '../audit/record-audit-event.ts'
import { CairnError } from '../errors/cairn-error.ts'
import { FieldErrors } from '../errors/field-errors.ts'
import type { MembershipQuery } from '../ports/membership-repository.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { Page } from '../shared/page.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { User } from '../users/user.ts'
import { parseEmail } from '../users/username.ts'
import { requireOrganization } from './organization-access.ts'
import { acceptInvitation, type OrganizationMembership } from './organization-membership.ts'
import type { Team } from './team.ts'

export interface InviteCommand {
  readonly organizationName: string
  readonly email: string
  /** Teams the invitee joins on accepting. */
  readonly teamIds?: readonly string[]
}

/** A membership as it is shown: its teams (those of the invitation while invited), and the member once they have accepted. */
export interface MembershipDetails {
  readonly membership: OrganizationMembership
  readonly teams: readonly Team[]
  /** Undefined while invited: an invitation shows nothing of the person but the address. */
  readonly member?: User
}

/**
 * Organization memberships, which start as invitations: owners invite an e-mail address (a known
 * user's or not, and the answer does not tell which), the invitee accepts or declines, members
 * leave, owners remove members. An organization always keeps at least one owner.
 */
export class ManageMemberships {
  readonly #deps: Pick<UseCaseDeps, 'unitOfWork' | 'clock' | 'ids'>

  constructor(deps: Pick<UseCaseDeps, 'unitOfWork' | 'clock' | 'ids'>) {
    this.#deps = deps
  }

  /**
   * Invites an address. Nobody signed up with it: a placeholder user holds the invitation until
   * someone does. Raises `invalid` for a bad address or a team of another organization, and on
   * `user` when the address is a member or invited already.
   */
  invite(command: InviteCommand, principal: Principal): Promise<MembershipDetails> {
    return this.#deps.unitOfWork.run(async (repositories) => {
      await requireOrganization(repositories, principal, command.organizationName, 'isOwner')
      const errors = new FieldErrors()
      const email = errors.collect(() => parseEmail(command.email)) ?? ''
      const teams: Team[] = []
      for (const teamId of new Set(command.teamIds ?? [])) {
        const team = await repositories.teams.findById(teamId)
        if (team?.organizationName === command.organizationName) teams.push(team)
        else errors.add('teams', `${teamId} is not a team of the organization`)
      }
      errors.throwIfAny()
      const now = this.#deps.clock.now()
      let invitee = await repositories.users.findByEmail(email)
      if (invitee === undefined) {
        invitee = User.placeholder({ id: this.#deps.ids.next('user'), email, createdAt: now })
        await repositories.users.add(invitee)
      }
      const membership: OrganizationMembership = {
        id: this.#deps.ids.next('ou'),
        organizationName: command.organizationName,
        userId: invitee.id,
        status: 'invited',
        email,
        // Drawn like a placeholder's id, so that a known address looks like an unknown one.
        invitedUserId: invitee.isPlaceholder ? invitee.id : this.#deps.ids.next('user'),
        invitedTeamIds: teams.map((team) => team.id),
        createdAt: now,
      }
      await repositories.memberships.add(membership)
      await recordAuditEvent(this.#deps, repositories, { type: 'membership.invited', principal, targetId: membership.id })
      return { membership, teams }
    })
  }

  /** The invitee joins the organization and the teams they were invited to. */
  accept(command: { readonly id: string }, principal: Principal): Promise<MembershipDetails> {
    return this.#deps.unitOfWork.run(async (repositories) => {
      const invitation = await findOwnInvitation(repositories, command.id, principal)
      const accepted = acceptInvitation(invitation)
      await repositories.memberships.update(accepted)
      for (const team of await invitedTeams(repositories, invitation)) await repositories.teamMembers.add(team.id, accepted.userId)
      await recordAuditEvent(this.#deps, repositories, { type: 'membership.accepted', principal, targetId: accepted.id })
      return details(repositories, accepted)
    })
  }

  /** The invitee turns the invitation down; it is gone. */
  decline(command: { readonly id: string }, principal: Principal): Promise<void> {
    return this.#deps.unitOfWork.run(async (repositories) => {
      const invitation = await findOwnInvitation(repositories, command.id, principal)
      if (invitation.status !== 'invited') throw new CairnError('precondition', 'the membership is already active')
      await endMembership(repositories, invitation)
      await recordAuditEvent(this.#deps, repositories, { type: 'membership.declined', principal, targetId: invitation.id })
    })
  }

  list(query: MembershipQuery, principal: Principal): Promise<Page<MembershipDetails>> {
    return this.#deps.unitOfWork.read(async (repositories) => {
      await requireOrganization(repositories, principal, query.organizationName, 'canRead')
      const page = await repositories.memberships.listByOrganization(query)
      const items = await Promise.all(page.items.map((membership) => details(repositories, membership)))
      return { ...page, items }
    })
  }

  /** The principal's own memberships and invitations; only a user has any. */
  async listOwn(principal: Principal): Promise<MembershipDetails[]> {
    if (principal.kind !== 'user') throw CairnError.notFound('organization memberships')
    return this.#deps.unitOfWork.read(async (repositories) => {
      const memberships = await repositories.memberships.listByUser(principal.user.id)
      return Promise.all(memberships.map((membership) => details(repositories, membership)))
    })
  }

  /** Members of the organization see a membership; an invitee sees their own invitation. */
  show(command: { readonly id: string }, principal: Principal): Promise<MembershipDetails> {
    return this.#deps.unitOfWork.read(async (repositories) => {
      const membership = await findMembership(repositories, command.id)
      if (!isOwn(membership, principal)) {
        await requireOrganization(repositories, principal, membership.organizationName, 'canRead')
      }
      return details(repositories, membership)
    })
  }

  /**
   * Ends a membership or withdraws an invitation: owners remove anyone, a member leaves. Raises
   * `invalid` when the member is the organization's only owner.
   */
  remove(command: { readonly id: string }, principal: Principal): Promise<void> {
    return this.#deps.unitOfWork.run(async (repositories) => {
      const membership = await findMembership(repositories, command.id)
      const leaving = isOwn(membership, principal)
      if (!leaving) await requireOrganization(repositories, principal, membership.organizationName, 'isOwner')
      const solelyOwned = await repositories.teamMembers.solelyOwnedBy(membership.userId)
      if (solelyOwned.includes(membership.organizationName)) {
        throw CairnError.invalidField('user', 'is the only owner of the organization')
      }
      await endMembership(repositories, membership)
      const type = leaving ? 'membership.left' : 'membership.removed'
      await recordAuditEvent(this.#deps, repositories, { type, principal, targetId: membership.id })
    })
  }
}

/**
 * Removes a membership; a placeholder left with no invitation goes too, so that withdrawn
 * invitations of addresses nobody signed up with leave no users behind.
 */
async function endMembership(repositories: Repositories, membership: OrganizationMembership): Promise<void> {
  await repositories.memberships.remove(membership.id)
  const user = await repositories.users.findById(membership.userId)
  if (user?.isPlaceholder === true && (await repositories.memberships.listByUser(user.id)).length === 0) {
    await repositories.users.remove(user.id)
  }
}

function isOwn(membership: OrganizationMembership, principal: Principal): boolean {
  return principal.kind === 'user' && principal.user.id === membership.userId
}

async function findMembership(repositories: Repositories, id: string): Promise<OrganizationMembership> {
  const membership = await repositories.memberships.findById(id)
  if (membership === undefined) throw CairnError.notFound('organization membership')
  return membership
}

/**
 * Only the invitee may answer an invitation; to anyone else it does not exist. An administrator
 * impersonating them is refused (`forbidden`): joining is the invitee's own consent to give.
 */
async function findOwnInvitation(repositories: Repositories, id: string, principal: Principal) {
  const membership = await repositories.memberships.findById(id)
  if (membership === undefined || !isOwn(membership, principal)) throw CairnError.notFound('organization membership')
  if (impersonatorOf(principal) !== null)
    throw new CairnError('forbidden', 'an invitation cannot be answered while impersonating its invitee')
  return membership
}

/** The teams an invitation names that still exist (one deleted since is skipped). */
async function invitedTeams(repositories: Repositories, invitation: OrganizationMembership): Promise<Team[]> {
  const teams: Team[] = []
  for (const teamId of invitation.invitedTeamIds) {
    const team = await repositories.teams.findById(teamId)
    if (team?.organizationName === invitation.organizationName) teams.push(team)
  }
  return teams
}

async function details(repositories: Repositories, membership: OrganizationMembership): Promise<MembershipDetails> {
  if (membership.status === 'invited') return { membership, teams: await invitedTeams(repositories, membership) }
  const teams = await repositories.teamMembers.teamsOf(membership.organizationName, membership.userId)
  const member = await repositories.users.findById(membership.userId)
  return { membership, teams, ...(member !== undefined && { member }) }
}
