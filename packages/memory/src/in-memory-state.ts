import type {
  AuditEvent,
  GeneralSettings,
  GpgKey,
  ModuleVersion,
  RegistryModule,
  AuthToken,
  InitialAdminToken,
  Organization,
  OrganizationMembership,
  ProviderPlatform,
  ProviderVersion,
  RegistryProvider,
  Run,
  Session,
  LoginCode,
  MirroredArchive,
  ModulePackage,
  Team,
  ToolVersion,
  User,
  VcsConnection,
  Workspace,
} from '@cairn/core'

/** Everything the in-memory adapters store. Values are immutable, so copying maps copies state. */
export interface InMemoryState {
  users: Map<string, User>
  tokens: Map<string, AuthToken>
  sessions: Map<string, Session>
  /** The CLI login's codes, by digest. */
  loginCodes: Map<string, LoginCode>
  organizations: Map<string, Organization>
  memberships: Map<string, OrganizationMembership>
  teams: Map<string, Team>
  /** `teamId userId` pairs. */
  teamMembers: Set<string>
  toolVersions: Map<string, ToolVersion>
  workspaces: Map<string, Workspace>
  runs: Map<string, Run>
  auditEvents: AuditEvent[]
  registryModules: Map<string, RegistryModule>
  moduleVersions: Map<string, ModuleVersion>
  /** Downloads by version id, apart from versions as the database keeps them apart from updates. */
  moduleDownloads: Map<string, number>
  /** Password hashes by user id, apart from users as the database keeps them out of user reads. */
  passwordHashes: Map<string, string>
  initialAdminTokens: InitialAdminToken[]
  generalSettings: GeneralSettings | undefined
  vcsConnections: Map<string, VcsConnection>
  registryProviders: Map<string, RegistryProvider>
  providerVersions: Map<string, ProviderVersion>
  providerPlatforms: Map<string, ProviderPlatform>
  gpgKeys: Map<string, GpgKey>
  mirroredArchives: Map<string, MirroredArchive>
  modulePackages: Map<string, ModulePackage>
  /** The last GPG key id handed out: shared by every copy, so that no id is handed out twice, as a database sequence. */
  gpgKeyIds: { last: number }
}

export function emptyState(): InMemoryState {
  return copyState({
    users: new Map(),
    tokens: new Map(),
    sessions: new Map(),
    loginCodes: new Map(),
    organizations: new Map(),
    memberships: new Map(),
    teams: new Map(),
    teamMembers: new Set(),
    toolVersions: new Map(),
    workspaces: new Map(),
    runs: new Map(),
    auditEvents: [],
    registryModules: new Map(),
    moduleVersions: new Map(),
    moduleDownloads: new Map(),
    passwordHashes: new Map(),
    initialAdminTokens: [],
    generalSettings: undefined,
    vcsConnections: new Map(),
    registryProviders: new Map(),
    providerVersions: new Map(),
    providerPlatforms: new Map(),
    gpgKeys: new Map(),
    mirroredArchives: new Map(),
    modulePackages: new Map(),
    gpgKeyIds: { last: 0 },
  })
}

export function copyState(state: InMemoryState): InMemoryState {
  return {
    users: new Map(state.users),
    tokens: new Map(state.tokens),
    sessions: new Map(state.sessions),
    loginCodes: new Map(state.loginCodes),
    organizations: new Map(state.organizations),
    memberships: new Map(state.memberships),
    teams: new Map(state.teams),
    teamMembers: new Set(state.teamMembers),
    toolVersions: new Map(state.toolVersions),
    workspaces: new Map(state.workspaces),
    runs: new Map(state.runs),
    auditEvents: [...state.auditEvents],
    registryModules: new Map(state.registryModules),
    moduleVersions: new Map(state.moduleVersions),
    moduleDownloads: new Map(state.moduleDownloads),
    passwordHashes: new Map(state.passwordHashes),
    initialAdminTokens: [...state.initialAdminTokens],
    generalSettings: state.generalSettings,
    vcsConnections: new Map(state.vcsConnections),
    registryProviders: new Map(state.registryProviders),
    providerVersions: new Map(state.providerVersions),
    providerPlatforms: new Map(state.providerPlatforms),
    gpgKeys: new Map(state.gpgKeys),
    mirroredArchives: new Map(state.mirroredArchives),
    modulePackages: new Map(state.modulePackages),
    gpgKeyIds: state.gpgKeyIds,
  }
}

export function memberKey(teamId: string, userId: string): string {
  return `${teamId} ${userId}`
}

/** Deletes every entry of `map` that `doomed` picks. */
export function deleteWhere<V>(map: Map<string, V>, doomed: (value: V) => boolean): void {
  for (const [key, value] of map) if (doomed(value)) map.delete(key)
}

/** The slice of `items` that `page` asks for, with the total. */
export function pageOf<T>(items: readonly T[], page: { number: number; size: number }) {
  const start = (page.number - 1) * page.size
  return { items: items.slice(start, start + page.size), total: items.length, request: page }
}

/** Byte order, nulls (placeholders' usernames) last, as the database orders them. */
export function compareText(a: string | null, b: string | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1
  return a < b ? -1 : a > b ? 1 : 0
}

/** Case-insensitive "contains", as the stores' ILIKE does it; null contains nothing. */
export function contains(value: string | null, needle: string): boolean {
  return value !== null && value.toLowerCase().includes(needle.toLowerCase())
}
