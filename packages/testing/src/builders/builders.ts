import {
  User,
  type AuditEvent,
  type AuthToken,
  type Organization,
  type Repositories,
  type OrganizationMembership,
  type Run,
  type Session,
  type Team,
  type ToolVersion,
  type UserState,
  type Workspace,
} from '@cairn/core'

const EPOCH = new Date('2026-01-01T00:00:00.000Z')

export function aUser(overrides: Partial<UserState> = {}): User {
  const id = overrides.id ?? 'user-0000000000000abc'
  return new User({
    id,
    username: `user-${id.slice(-6)}`,
    email: `${id.slice(-6)}@example.com`,
    isSiteAdmin: false,
    isSuspended: false,
    isServiceAccount: false,
    twoFactorEnabled: false,
    createdAt: EPOCH,
    ...overrides,
  })
}

export function aToolVersion(overrides: Partial<ToolVersion> = {}): ToolVersion {
  const version = overrides.version ?? '1.9.0'
  const url = overrides.url ?? `https://releases.example.com/tofu_${version}_linux_amd64.zip`
  const sha = overrides.sha ?? 'a'.repeat(64)
  return {
    id: `tool-${version.replace(/\W/g, '').padStart(16, '0')}`,
    version,
    url,
    sha,
    archs: [{ url, sha, os: 'linux', arch: 'amd64' }],
    deprecated: false,
    deprecatedReason: null,
    official: false,
    enabled: true,
    beta: false,
    createdAt: EPOCH,
    updatedAt: EPOCH,
    ...overrides,
  }
}

export function aWorkspace(overrides: Partial<Workspace> = {}): Workspace {
  return {
    id: 'ws-0000000000000001',
    name: 'networking',
    organizationName: 'acme',
    toolVersionId: null,
    locked: false,
    createdAt: EPOCH,
    latestChangeAt: EPOCH,
    currentRun: null,
    ...overrides,
  }
}

export function anOrganization(overrides: Partial<Organization> = {}): Organization {
  return {
    name: 'acme',
    externalId: `org-${overrides.name ?? 'acme'}`,
    email: 'owners@acme.test',
    speculativePlanManagementEnabled: true,
    createdAt: EPOCH,
    ...overrides,
  }
}

export function aTeam(overrides: Partial<Team> = {}): Team {
  return {
    id: 'team-0000000000000001',
    organizationName: 'acme',
    name: 'owners',
    access: { manageModules: true, manageWorkspaces: true },
    allowMemberTokenManagement: true,
    createdAt: EPOCH,
    ...overrides,
  }
}

export function aToken(overrides: Partial<AuthToken> = {}): AuthToken {
  return {
    id: 'at-0000000000000001',
    kind: 'user',
    subjectId: 'user-0000000000000abc',
    description: null,
    secretHash: 'f'.repeat(64),
    createdAt: EPOCH,
    revokedAt: null,
    lastUsedAt: null,
    ...overrides,
  }
}

export function aSession(overrides: Partial<Session> = {}): Session {
  return {
    id: 'sess-0000000000000001',
    userId: 'user-0000000000000abc',
    impersonatorId: null,
    reason: null,
    secretHash: 'e'.repeat(64),
    createdAt: EPOCH,
    expiresAt: new Date(EPOCH.getTime() + 8 * 60 * 60 * 1000),
    endedAt: null,
    ...overrides,
  }
}

export function aMembership(overrides: Partial<OrganizationMembership> = {}): OrganizationMembership {
  return {
    id: 'ou-0000000000000001',
    organizationName: 'acme',
    userId: overrides.userId ?? 'user-0000000000000abc',
    status: 'active',
    email: 'member@example.com',
    invitedUserId: overrides.userId ?? 'user-0000000000000abc',
    invitedTeamIds: [],
    createdAt: EPOCH,
    ...overrides,
  }
}

export function aRun(overrides: Partial<Run> = {}): Run {
  return {
    id: 'run-0000000000000001',
    workspaceId: 'ws-0000000000000001',
    status: 'pending',
    message: 'Queued manually',
    createdAt: EPOCH,
    statusChangedAt: EPOCH,
    ...overrides,
  }
}

export function anAuditEvent(overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: 'ae-0000000000000001',
    type: 'user.suspended',
    actorKind: 'operator',
    actorId: null,
    actorTokenId: null,
    targetId: 'user-0000000000000abc',
    targetName: null,
    organizationName: null,
    reason: null,
    changes: [],
    occurredAt: EPOCH,
    ...overrides,
  }
}

/** Adds `workspace` after creating its organization, which the stores require to exist. */
export async function inOrganization(repositories: Repositories, workspace: Workspace): Promise<void> {
  if ((await repositories.organizations.findByName(workspace.organizationName)) === undefined) {
    await repositories.organizations.add(anOrganization({ name: workspace.organizationName }))
  }
  await repositories.workspaces.add(workspace)
}
