import type { MembershipStatus, Organization, OrganizationMembership, Team } from '@cairn/core'
import type { OrganizationMembershipRecord } from '../schema/organization-membership.schema.ts'
import type { OrganizationRecord } from '../schema/organization.schema.ts'
import type { TeamRecord } from '../schema/team.schema.ts'

export function toOrganization(record: OrganizationRecord): Organization {
  return {
    name: record.name,
    externalId: record.externalId,
    email: record.email,
    speculativePlanManagementEnabled: record.speculativePlanManagementEnabled,
    createdAt: record.createdAt,
  }
}

export function toMembership(record: OrganizationMembershipRecord): OrganizationMembership {
  return {
    id: record.id,
    organizationName: record.organization.name,
    userId: record.user.id,
    // Written from a MembershipStatus only.
    status: record.status as MembershipStatus,
    email: record.email,
    invitedUserId: record.invitedUserId,
    invitedTeamIds: record.invitedTeamIds,
    createdAt: record.createdAt,
  }
}

export function toTeam(record: TeamRecord): Team {
  return {
    id: record.id,
    organizationName: record.organization.name,
    name: record.name,
    access: { manageModules: record.manageModules, manageWorkspaces: record.manageWorkspaces },
    allowMemberTokenManagement: record.allowMemberTokenManagement,
    createdAt: record.createdAt,
  }
}

export function toTeamRecord(team: Team) {
  return {
    id: team.id,
    organization: team.organizationName,
    name: team.name,
    manageModules: team.access.manageModules,
    manageWorkspaces: team.access.manageWorkspaces,
    allowMemberTokenManagement: team.allowMemberTokenManagement,
    createdAt: team.createdAt,
  }
}
