import type { ModuleVersionSummary } from './module-version.ts'
import type { RegistryModule } from './registry-module.ts'
import type { VcsServiceProvider } from '../vcs/vcs-connection.ts'

/** What the caller may do with a module, as clients show it. */
export interface ModulePermissions {
  readonly canDelete: boolean
  /** Fetch the source again (a no-op without VCS, yet granted as TFE grants it). */
  readonly canResync: boolean
  /** Publish again after a failed version. */
  readonly canRetry: boolean
}

/** A module provider with its versions, oldest first, and the caller's permissions on it. */
export interface ModuleView {
  readonly module: RegistryModule
  readonly versions: readonly ModuleVersionSummary[]
  readonly permissions: ModulePermissions
  /** The secret of the module's webhook URL, for those who manage modules of a VCS module; else null. */
  readonly webhookToken: string | null
  /** The git host of a VCS module, through its connection as it is now; null without VCS or once the connection is gone. */
  readonly vcsHost: VcsHost | null
}

/** Where a VCS module's repository lives, as `vcs-repo` shows it. */
export interface VcsHost {
  /** The connection's kind, or `github_app` for a module published through the site's GitHub App. */
  readonly serviceProvider: VcsServiceProvider | 'github_app'
  /** The repository's web address, e.g. `https://github.com/acme/terraform-aws-vpc`. */
  readonly repositoryHttpUrl: string
}
