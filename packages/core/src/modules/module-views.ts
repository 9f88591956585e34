import type { Principal } from '../auth/principal.ts'
import { organizationAccess, type OrganizationAccess } from '../organizations/organization-access.ts'
import type { SecretCipher } from '../ports/secret-cipher.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { ModuleView } from './module-view.ts'
import type { RegistryModule } from './registry-module.ts'
import { vcsHostsOf } from '../vcs/vcs-host.ts'
import { webhookTokenOf } from '../vcs/vcs-webhook-token.ts'

/** Modules of one organization with their versions and what the principal may do with them. */
export async function moduleViewsOf(
  context: { readonly repositories: Repositories; readonly principal: Principal } & ViewContext,
  modules: readonly RegistryModule[],
): Promise<ModuleView[]> {
  const { repositories, principal } = context
  const first = modules[0]
  if (first === undefined) return []
  return viewsWith(repositories, await organizationAccess(repositories, principal, first.organizationName), modules, context)
}

/** What a view shows beside the stored module: the GitHub App's web address, and webhook URLs opened with the cipher. */
export interface ViewContext {
  readonly githubWebUrl: string | null
  readonly cipher: SecretCipher
}

/** Modules of one organization with their versions and what `access` allows with them. */
export async function viewsWith(
  repositories: Repositories,
  access: OrganizationAccess,
  modules: readonly RegistryModule[],
  { githubWebUrl, cipher }: ViewContext,
): Promise<ModuleView[]> {
  if (modules.length === 0) return []
  const versions = await repositories.moduleVersions.versionsOf(modules.map((module) => module.id))
  const hosts = await vcsHostsOf(repositories, modules, githubWebUrl)
  return modules.map((module) => ({
    module,
    versions: versions.get(module.id) ?? [],
    permissions: {
      canDelete: access.isOwner,
      // TFE grants both to whoever manages modules, whatever the module's publishing mechanism or registry.
      canResync: access.canManageModules,
      canRetry: access.canManageModules,
    },
    webhookToken: access.canManageModules ? webhookTokenOf(cipher, module) : null,
    vcsHost: hosts.get(module.id) ?? null,
  }))
}

export function noModuleView(module: RegistryModule): ModuleView {
  return { module, versions: [], permissions: { canDelete: false, canResync: false, canRetry: false }, webhookToken: null, vcsHost: null }
}
