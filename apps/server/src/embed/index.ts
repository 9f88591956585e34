/**
 * Cairn, a private module registry for Terraform and OpenTofu, embedded in a Node service:
 * `createCairn(options)` returns a fetch handler, the host's operations and `close()`. See docs/embedding.md.
 *
 * @packageDocumentation
 */

export { createCairn, type Cairn } from './create-cairn.ts'
export type {
  CairnArchiveLimits,
  CairnBlobOptions,
  CairnGithubAppOptions,
  CairnOptions,
  CairnStoreOptions,
  CairnProviderMirrorOptions,
  CairnUpstreamRegistryOptions,
  CairnVcsOptions,
} from './cairn-options.ts'
export type { LogLevel } from '../platform/logger.ts'
export type { ApiDocsPage } from '@cairn/http'
export { ConfigError } from '../config-error.ts'
export { DataDirBusyError } from '../platform/data-dir-lock.ts'
export { CairnError, isCairnError, OPERATOR } from '@cairn/core'
export type {
  CairnModuleOperations,
  CairnOperation,
  CairnOrganizationOperations,
  CairnProviderOperations,
  CairnTeamOperations,
  CairnTokenOperations,
  CairnUseCases,
  CairnUserOperations,
  ModuleTarget,
  ModuleVersionTarget,
} from './cairn-use-cases.ts'
export type { BlobStore, Edition, ErrorCode } from '@cairn/core'
// What the operations take and answer, so that a host names them from this package alone.
export type {
  ByteStream,
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
  OperatorPrincipal,
  Organization,
  OrganizationPrincipal,
  OrganizationSettingsChange,
  Page,
  PageRequest,
  Principal,
  ProviderAddress,
  ProviderTarget,
  ProviderView,
  RegistryModuleQuery,
  RegistryModuleSort,
  RegistryName,
  Team,
  TeamAccess,
  TeamPrincipal,
  User,
  UserPrincipal,
  VersionWithUpload,
} from '@cairn/core'
export type { ErrorLog } from '@cairn/core'
