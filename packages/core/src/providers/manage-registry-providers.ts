import { recordAuditEvent } from '../audit/record-audit-event.ts'
import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { RegistryName } from '../modules/module-address.ts'
import { organizationAccess, requireOrganization } from '../organizations/organization-access.ts'
import type { RegistryProviderQuery } from '../ports/registry-provider-repository.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { Page } from '../shared/page.ts'
import { deleteBlobsAfter } from '../modules/delete-blobs-after.ts'
import { findProvider, type ProviderTarget } from './find-provider.ts'
import { assertProviderCurationAllowed, newProviderAddress } from './provider-address.ts'
import type { ProviderUseCaseDeps } from './provider-deps.ts'
import { blobKeysOf } from './provider-view-of.ts'
import type { ProviderView } from './provider-views.ts'
import type { RegistryProvider } from './registry-provider.ts'

export interface CreateRegistryProviderCommand {
  readonly organizationName: string
  readonly name: string
  /** Only for public records; a private provider's namespace is its organization's name. */
  readonly namespace?: string
  readonly registryName: RegistryName
}

/**
 * An organization's registry providers (the TFE API's `registry-providers`): members read them,
 * owners and teams that manage modules create and delete them. Deleting a provider deletes its
 * versions, their platforms and every file uploaded to them. Creation and deletion are audited.
 */
export class ManageRegistryProviders {
  readonly #deps: ProviderUseCaseDeps

  constructor(deps: ProviderUseCaseDeps) {
    this.#deps = deps
  }

  async create(command: CreateRegistryProviderCommand, principal: Principal): Promise<ProviderView> {
    assertProviderCurationAllowed(this.#deps.edition, command.registryName)
    const address = newProviderAddress(command)
    return this.#deps.unitOfWork.run(async (repositories) => {
      await requireOrganization(repositories, principal, command.organizationName, 'canManageModules')
      const now = this.#deps.clock.now()
      const provider: RegistryProvider = {
        id: this.#deps.ids.next('prov'),
        organizationName: command.organizationName,
        ...address,
        createdAt: now,
        updatedAt: now,
      }
      await repositories.registryProviders.add(provider)
      await recordAuditEvent(this.#deps, repositories, { type: 'registry_provider.created', principal, ...audited(provider) })
      return { provider, permissions: { canDelete: true }, versions: null }
    })
  }

  list(query: RegistryProviderQuery & { readonly includeVersions: boolean }, principal: Principal): Promise<Page<ProviderView>> {
    return this.#deps.unitOfWork.read(async (repositories) => {
      const grant = await this.#deps.organizationGrants.require(repositories, principal, query.organizationName, 'canRead')
      const page = await repositories.registryProviders.list(query)
      const canDelete = grant.access.canManageModules
      const versions = query.includeVersions ? await repositories.providerVersions.allOf(page.items.map((p) => p.id)) : null
      const items = page.items.map((provider) => ({
        provider,
        permissions: { canDelete },
        versions: versions?.filter((version) => version.providerId === provider.id) ?? null,
      }))
      return { ...page, items }
    })
  }

  show(target: ProviderTarget & { readonly includeVersions: boolean }, principal: Principal): Promise<ProviderView> {
    return this.#deps.unitOfWork.read(async (repositories) => {
      const { provider, access } = await findProvider(repositories, principal, { ...target, edition: this.#deps.edition }, 'canRead')
      return viewOf(repositories, provider, access.canManageModules, target.includeVersions)
    })
  }

  /** A provider by id, as go-tfe reads one. */
  showById(command: { readonly id: string; readonly includeVersions: boolean }, principal: Principal): Promise<ProviderView> {
    return this.#deps.unitOfWork.read(async (repositories) => {
      const provider = await repositories.registryProviders.findById(command.id)
      if (provider === undefined) throw CairnError.notFound('registry provider')
      assertProviderCurationAllowed(this.#deps.edition, provider.registryName)
      const access = await organizationAccess(repositories, principal, provider.organizationName)
      if (!access.canRead) throw CairnError.notFound('registry provider')
      return viewOf(repositories, provider, access.canManageModules, command.includeVersions)
    })
  }

  async delete(target: ProviderTarget, principal: Principal): Promise<void> {
    await deleteBlobsAfter(this.#deps, async (repositories) => {
      const { provider } = await findProvider(repositories, principal, { ...target, edition: this.#deps.edition }, 'canManageModules')
      const versions = await repositories.providerVersions.allOf([provider.id])
      const platforms = await repositories.providerPlatforms.allOf(versions.map((version) => version.id))
      await repositories.registryProviders.remove(provider.id)
      await recordAuditEvent(this.#deps, repositories, { type: 'registry_provider.deleted', principal, ...audited(provider) })
      return versions.flatMap((version) =>
        blobKeysOf(
          version,
          platforms.filter((platform) => platform.versionId === version.id),
        ),
      )
    })
  }
}

async function viewOf(
  repositories: Repositories,
  provider: RegistryProvider,
  canDelete: boolean,
  includeVersions: boolean,
): Promise<ProviderView> {
  const versions = includeVersions ? await repositories.providerVersions.allOf([provider.id]) : null
  return { provider, permissions: { canDelete }, versions }
}

function audited(provider: RegistryProvider) {
  return {
    targetId: provider.id,
    targetName: `${provider.registryName}/${provider.namespace}/${provider.name}`,
    organizationName: provider.organizationName,
  }
}
