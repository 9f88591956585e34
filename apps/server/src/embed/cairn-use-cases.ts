import type {
  CreatedToken,
  CreateOrganizationCommand,
  CreateRegistryModuleCommand,
  CreateRegistryProviderCommand,
  CreateTeamCommand,
  CreateUserCommand,
  CreateUserTokenCommand,
  ModuleAddress,
  ModuleVersion,
  ModuleView,
  ByteStream,
  Organization,
  Page,
  PageRequest,
  Principal,
  ProviderTarget,
  ProviderView,
  RegistryModuleQuery,
  Team,
  User,
  VersionWithUpload,
} from '@cairn/core'

/**
 * One operation of an embedded Cairn: a command, the principal acting (`OPERATOR` for the host
 * itself, or one from `tokens.authenticate`), and a promise of the result. Every failure is a
 * `CairnError`: `invalid` (with its fields) for a command or principal of the wrong shape,
 * `unavailable` once the Cairn is closed, and the operation's own codes.
 */
export type CairnOperation<Command, Result> = (command: Command, principal: Principal) => Promise<Result>

/** A registry module, as the management API names it. */
export interface ModuleTarget {
  /** The organization the module belongs to. */
  readonly organizationName: string
  /** Its registry name, namespace, name and provider. */
  readonly address: ModuleAddress
}

/** A version of a registry module. */
export interface ModuleVersionTarget extends ModuleTarget {
  /** The version, in semver (`1.0.0`). */
  readonly version: string
}

/** Users: the site administrators and others a host provisions. */
export interface CairnUserOperations {
  /** Creates a user (site administrators and `OPERATOR` only); `invalid` for a bad or taken name or e-mail address. */
  readonly create: CairnOperation<CreateUserCommand, User>
}

/** API tokens, and the principals they stand for. */
export interface CairnTokenOperations {
  /** Issues a token acting as a user: `OPERATOR` for anyone, a user for themselves. The secret is in `bearer`, once. */
  readonly createForUser: CairnOperation<CreateUserTokenCommand, CreatedToken>
  /** Issues a team's token (a service account with the team's access), revoking the one before. */
  readonly createForTeam: CairnOperation<{ readonly teamId: string }, CreatedToken>
  /** Issues an organization's token, revoking the one before; owners only. */
  readonly createForOrganization: CairnOperation<{ readonly organizationName: string }, CreatedToken>
  /**
   * The principal a bearer token stands for, to act as it in the other operations. The one
   * operation without a principal: it is how one is obtained. `unauthenticated` for a token
   * that is unknown, revoked or of a suspended user.
   */
  authenticate(command: { readonly token: string }): Promise<Principal>
}

/** Organizations. */
export interface CairnOrganizationOperations {
  /** Creates an organization, its owners team and the acting user as its first owner; a user principal only. */
  readonly create: CairnOperation<CreateOrganizationCommand, Organization>
  /** One organization; `not_found` when it is absent or the principal may not see it. */
  readonly show: CairnOperation<{ readonly name: string }, Organization>
  /** The organizations the principal may see, one page of them. */
  readonly list: CairnOperation<{ readonly page: PageRequest }, Page<Organization>>
}

/** Teams of an organization. */
export interface CairnTeamOperations {
  /** Creates a team (owners only); `access.manageModules` lets its members and token publish modules. */
  readonly create: CairnOperation<CreateTeamCommand, Team>
  /** An organization's teams, one page of them. */
  readonly list: CairnOperation<{ readonly organizationName: string; readonly page: PageRequest }, Page<Team>>
}

/** Registry modules of an organization, and their versions. */
export interface CairnModuleOperations {
  /** Creates a private module (no VCS), to publish versions of by upload; teams that manage modules only. */
  readonly create: CairnOperation<CreateRegistryModuleCommand, ModuleView>
  /** One module with its versions. */
  readonly show: CairnOperation<ModuleTarget, ModuleView>
  /** An organization's modules, filtered, sorted and one page of them. */
  readonly list: CairnOperation<RegistryModuleQuery, Page<ModuleView>>
  /** Creates a `pending` version, with the object id its archive is uploaded to. */
  readonly createVersion: CairnOperation<ModuleVersionTarget, VersionWithUpload>
  /** One version. */
  readonly showVersion: CairnOperation<ModuleVersionTarget, VersionWithUpload>
  /**
   * Stores a version's archive (a gzip tarball) and queues its analysis; the version is
   * `reg_ingressing` until the analysis settles it (`ok`, or `reg_ingress_failed` with the reason).
   * `not_found` when the principal may not upload to it.
   */
  readonly uploadVersion: CairnOperation<ModuleVersionTarget & { readonly content: ByteStream }, ModuleVersion>
}

/** Private providers of an organization. */
export interface CairnProviderOperations {
  /** Creates a private provider (`registryName: 'private'`); teams that manage modules only. */
  readonly create: CairnOperation<CreateRegistryProviderCommand, ProviderView>
  /** One provider with its versions. */
  readonly show: CairnOperation<ProviderTarget, ProviderView>
}

/**
 * What a host does in code, beside serving the HTTP API: seeding and provisioning users, tokens,
 * organizations, teams, modules and providers. Each is `operation(command, principal)`; everything
 * else is done over the HTTP API (`fetch`).
 */
export interface CairnUseCases {
  /** Users. */
  readonly users: CairnUserOperations
  /** API tokens. */
  readonly tokens: CairnTokenOperations
  /** Organizations. */
  readonly organizations: CairnOrganizationOperations
  /** Teams. */
  readonly teams: CairnTeamOperations
  /** Registry modules and their versions. */
  readonly modules: CairnModuleOperations
  /** Private providers. */
  readonly providers: CairnProviderOperations
}
