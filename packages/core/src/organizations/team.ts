import { CairnError } from '../errors/cairn-error.ts'

/** The team every organization has, whose members own it. */
export const OWNERS_TEAM = 'owners'

/** What a team may do across its organization, beyond reading it. */
export interface TeamAccess {
  /** Create modules, publish them and create their versions (spec §5.2). */
  readonly manageModules: boolean
  /** Create and delete workspaces. */
  readonly manageWorkspaces: boolean
}

export interface Team {
  readonly id: string
  readonly organizationName: string
  readonly name: string
  readonly access: TeamAccess
  /** Whether the team's own members may issue, read and revoke its token, besides the owners (the real API's default: true). */
  readonly allowMemberTokenManagement: boolean
  readonly createdAt: Date
}

export function isOwnersTeam(team: Team): boolean {
  return team.name === OWNERS_TEAM
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}[A-Za-z0-9]$|^[A-Za-z0-9]$/

export function parseTeamName(value: string): string {
  if (!NAME.test(value)) {
    throw CairnError.invalidField('name', 'must be 1 to 64 letters, digits, ".", "-" or "_", starting and ending with a letter or digit')
  }
  return value
}
