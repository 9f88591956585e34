import type { ModuleAddress } from './module-address.ts'

/** Module statuses, as every client knows them. */
export type RegistryModuleStatus = 'pending' | 'no_version_tags' | 'setup_failed' | 'setup_complete'

export type PublishingMechanism = 'non_vcs' | 'git_tag' | 'branch'

/** Where a VCS-backed module publishes from. */
export interface VcsRepo {
  readonly identifier: string
  readonly displayIdentifier: string
  /** The branch of the branch-based workflow; empty for the tag-based one. */
  readonly branch: string
  readonly tags: boolean
  readonly oauthTokenId: string | null
  readonly githubAppInstallationId: string | null
  /** The module's subtree in a monorepo; empty for the repository root. */
  readonly sourceDirectory: string
  /** Only tags with this prefix publish, stripped before the semver check; empty for every tag. */
  readonly tagPrefix: string
  /**
   * Whether the module's archives should include git submodules, as the client asked (TFE's
   * default: true). Stored and echoed; Cairn's archives leave submodules out either way.
   */
  readonly ingressSubmodules: boolean
  /** The secret of the module's webhook URL; null for a module whose token was dropped by an upgrade, until a resync. */
  readonly webhook: VcsWebhook | null
}

/**
 * A module's webhook token (a random UUID) as stored: sealed with the site's secret cipher, so
 * that the module's managers can be shown the URL again but a database dump alone does not reveal
 * it, and a one-way digest that an incoming webhook finds the module by.
 */
export interface VcsWebhook {
  readonly sealedToken: string
  readonly tokenDigest: string
}

/**
 * One provider of a module in an organization's registry (`acme/vpc/aws`): what the API calls a
 * registry module. A module is every provider sharing registry, namespace and name.
 */
export interface RegistryModule extends ModuleAddress {
  readonly id: string
  readonly organizationName: string
  readonly status: RegistryModuleStatus
  readonly publishingMechanism: PublishingMechanism
  readonly noCode: boolean
  readonly vcsRepo: VcsRepo | null
  readonly testsEnabled: boolean
  readonly createdAt: Date
  readonly updatedAt: Date
}
