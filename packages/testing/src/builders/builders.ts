import { User, type ToolVersion, type UserState, type Workspace } from '@cairn/core'

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
  return {
    id: `tool-${version.replace(/\W/g, '').padStart(16, '0')}`,
    version,
    url: `https://releases.example.com/tofu_${version}_linux_amd64.zip`,
    sha: 'a'.repeat(64),
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
    createdAt: EPOCH,
    ...overrides,
  }
}
