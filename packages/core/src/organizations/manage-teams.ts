import { recordAuditEvent } from '../audit/record-audit-event.ts'
import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import { FieldErrors } from '../errors/field-errors.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { PageRequest } from '../shared/page.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import type { User } from '../users/user.ts'
import { requireOrganization } from './organization-access.ts'
import { isOwnersTeam, parseTeamName, type Team, type TeamAccess } from './team.ts'

export interface CreateTeamCommand {
  readonly organizationName: string
  readonly name: string
  readonly access?: Partial<TeamAccess>
  readonly allowMemberTokenManagement?: boolean
}

export interface UpdateTeamCommand {
  readonly id: string
  readonly name?: string
  readonly access?: Partial<TeamAccess>
  readonly allowMemberTokenManagement?: boolean
}

/**
 * Teams: owners create, change and delete them and choose who is on them; members read them.
 * The owners team cannot be renamed, restricted or deleted, and never loses its last member.
 */
export class ManageTeams {
  readonly #deps: Pick<UseCaseDeps, 'unitOfWork' | 'clock' | 'ids'>

  constructor(deps: Pick<UseCaseDeps, 'unitOfWork' | 'clock' | 'ids'>) {
    this.#deps = deps
  }

  create(command: CreateTeamCommand, principal: Principal): Promise<Team> {
    return this.#deps.unitOfWork.run(async (repositories) => {
      await requireOrganization(repositories, principal, command.organizationName, 'isOwner')
      const team: Team = {
        id: this.#deps.ids.next('team'),
        organizationName: command.organizationName,
        name: parseTeamName(command.name),
        access: { manageModules: false, manageWorkspaces: false, ...command.access },
        allowMemberTokenManagement: command.allowMemberTokenManagement ?? true,
        createdAt: this.#deps.clock.now(),
      }
      await repositories.teams.add(team)
      return team
    })
  }

  list(command: { readonly organizationName: string; readonly page: PageRequest }, principal: Principal) {
    return this.#deps.unitOfWork.read(async (repositories) => {
      await requireOrganization(repositories, principal, command.organizationName, 'canRead')
      return repositories.teams.listByOrganization(command.organizationName, command.page)
    })
  }

  show(command: { readonly id: string }, principal: Principal): Promise<{ team: Team; members: User[] }> {
    return this.#deps.unitOfWork.read(async (repositories) => {
      const team = await this.#find(repositories, command.id, principal, 'canRead')
      return { team, members: await repositories.teamMembers.members(team.id) }
    })
  }

  update(command: UpdateTeamCommand, principal: Principal): Promise<Team> {
    return this.#deps.unitOfWork.run(async (repositories) => {
      const team = await this.#find(repositories, command.id, principal, 'isOwner')
      const updated: Team = {
        ...team,
        ...(command.name !== undefined && { name: parseTeamName(command.name) }),
        access: { ...team.access, ...command.access },
        allowMemberTokenManagement: command.allowMemberTokenManagement ?? team.allowMemberTokenManagement,
      }
      if (isOwnersTeam(team)) {
        const errors = new FieldErrors()
        if (updated.name !== team.name) errors.add('name', 'of the owners team cannot change')
        if (!updated.access.manageModules || !updated.access.manageWorkspaces) {
          errors.add('access', 'of the owners team cannot be restricted')
        }
        errors.throwIfAny()
      }
      await repositories.teams.update(updated)
      return updated
    })
  }

  remove(command: { readonly id: string }, principal: Principal): Promise<void> {
    return this.#deps.unitOfWork.run(async (repositories) => {
      const team = await this.#find(repositories, command.id, principal, 'isOwner')
      if (isOwnersTeam(team)) throw CairnError.invalidField('name', 'the owners team cannot be deleted')
      await repositories.teams.remove(team.id)
      await recordAuditEvent(this.#deps, repositories, {
        type: 'team.deleted',
        principal,
        targetId: team.id,
        targetName: team.name,
        organizationName: team.organizationName,
      })
    })
  }

  /** Puts users (by username) on a team. Raises `invalid` for a user not in the organization (or only invited). */
  addMembers(command: { readonly id: string; readonly usernames: readonly string[] }, principal: Principal) {
    return this.#deps.unitOfWork.run(async (repositories) => {
      const team = await this.#find(repositories, command.id, principal, 'isOwner')
      for (const user of await this.#members(repositories, team, command.usernames)) {
        await repositories.teamMembers.add(team.id, user.id)
      }
    })
  }

  /** Takes users off a team. Raises `invalid` when that would leave the owners team empty. */
  removeMembers(command: { readonly id: string; readonly usernames: readonly string[] }, principal: Principal) {
    return this.#deps.unitOfWork.run(async (repositories) => {
      const team = await this.#find(repositories, command.id, principal, 'isOwner')
      for (const user of await this.#members(repositories, team, command.usernames)) {
        await repositories.teamMembers.remove(team.id, user.id)
      }
      if (isOwnersTeam(team) && (await repositories.teamMembers.members(team.id)).length === 0) {
        throw CairnError.invalidField('users', 'the owners team must keep at least one member')
      }
    })
  }

  async #find(repositories: Repositories, id: string, principal: Principal, need: 'canRead' | 'isOwner') {
    const team = await repositories.teams.findById(id)
    if (team === undefined) throw CairnError.notFound('team')
    await requireOrganization(repositories, principal, team.organizationName, need)
    return team
  }

  async #members(repositories: Repositories, team: Team, usernames: readonly string[]): Promise<User[]> {
    const users: User[] = []
    const errors = new FieldErrors()
    for (const username of usernames) {
      const user = await repositories.users.findByUsername(username)
      const member = user && (await repositories.memberships.find(team.organizationName, user.id))
      if (user === undefined || member?.status !== 'active') errors.add('users', `${username} is not a member of the organization`)
      else users.push(user)
    }
    errors.throwIfAny()
    return users
  }
}
