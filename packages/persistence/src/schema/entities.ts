import { AuditEventSchema } from './audit-event.schema.ts'
import { AuthTokenSchema } from './auth-token.schema.ts'
import { GeneralSettingsSchema } from './general-settings.schema.ts'
import { InitialAdminTokenSchema } from './initial-admin-token.schema.ts'
import { LoginCodeSchema } from './login-code.schema.ts'
import { MirroredProviderArchiveSchema } from './mirrored-provider-archive.schema.ts'
import { ModulePackageSchema } from './module-package.schema.ts'
import { ModuleVersionDownloadsSchema } from './module-version-downloads.schema.ts'
import { ModuleVersionSchema } from './module-version.schema.ts'
import { OrganizationMembershipSchema } from './organization-membership.schema.ts'
import { OrganizationSchema } from './organization.schema.ts'
import { RegistryGpgKeySchema } from './registry-gpg-key.schema.ts'
import { RegistryModuleSchema } from './registry-module.schema.ts'
import { RegistryProviderPlatformSchema } from './registry-provider-platform.schema.ts'
import { RegistryProviderVersionSchema } from './registry-provider-version.schema.ts'
import { RegistryProviderSchema } from './registry-provider.schema.ts'
import { RunSchema } from './run.schema.ts'
import { SessionSchema } from './session.schema.ts'
import { TeamMemberSchema } from './team-member.schema.ts'
import { TeamSchema } from './team.schema.ts'
import { ToolVersionSchema } from './tool-version.schema.ts'
import { UserSchema } from './user.schema.ts'
import { VcsConnectionSchema } from './vcs-connection.schema.ts'
import { WorkspaceSchema } from './workspace.schema.ts'

export const entities = [
  UserSchema,
  SessionSchema,
  LoginCodeSchema,
  OrganizationSchema,
  OrganizationMembershipSchema,
  TeamSchema,
  TeamMemberSchema,
  AuthTokenSchema,
  ToolVersionSchema,
  WorkspaceSchema,
  RunSchema,
  RegistryModuleSchema,
  ModuleVersionSchema,
  ModuleVersionDownloadsSchema,
  AuditEventSchema,
  InitialAdminTokenSchema,
  GeneralSettingsSchema,
  VcsConnectionSchema,
  RegistryProviderSchema,
  RegistryProviderVersionSchema,
  RegistryProviderPlatformSchema,
  RegistryGpgKeySchema,
  MirroredProviderArchiveSchema,
  ModulePackageSchema,
]
