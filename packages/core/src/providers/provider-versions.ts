import { recordAuditEvent } from '../audit/record-audit-event.ts'
import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import { deleteBlobsAfter } from '../modules/delete-blobs-after.ts'
import { parseModuleVersion } from '../modules/module-version.ts'
import type { Page, PageRequest } from '../shared/page.ts'
import { findProvider, findProviderVersion, type VersionTarget } from './find-provider.ts'
import type { ProviderUseCaseDeps } from './provider-deps.ts'
import { blobKeysOf, filePermissions, versionViewOf } from './provider-view-of.ts'
import { PROVIDER_PROTOCOLS, type ProviderProtocol, type ProviderVersion } from './provider-version.ts'
import type { ProviderVersionView } from './provider-views.ts'
import type { RegistryProvider } from './registry-provider.ts'

export interface CreateProviderVersionCommand extends VersionTarget {
  /** The id of the GPG key that signs the version's SHA256SUMS; checked when the signature is uploaded. */
  readonly keyId: string
  readonly protocols: readonly string[]
}

type ProviderOfVersions = Omit<VersionTarget, 'version'>

/**
 * The versions of private providers: members read them, owners and teams that manage modules
 * create and delete them. A new version takes its SHA256SUMS and signature through the upload
 * links of its view; deleting one deletes its platforms and files.
 */
export class ProviderVersions {
  readonly #deps: ProviderUseCaseDeps

  constructor(deps: ProviderUseCaseDeps) {
    this.#deps = deps
  }

  async create(command: CreateProviderVersionCommand, principal: Principal): Promise<ProviderVersionView> {
    const version = parseModuleVersion(command.version)
    const protocols = parseProtocols(command.protocols)
    const keyId = command.keyId.trim()
    if (keyId === '') throw CairnError.invalidField('key-id', "can't be blank")
    return this.#deps.unitOfWork.run(async (repositories) => {
      const { provider, access } = await findProvider(repositories, principal, this.#at(command), 'canManageModules')
      const now = this.#deps.clock.now()
      const created: ProviderVersion = {
        id: this.#deps.ids.next('provver'),
        providerId: provider.id,
        version,
        keyId,
        protocols,
        shasums: null,
        shasumsSignatureUploaded: false,
        createdAt: now,
        updatedAt: now,
      }
      await repositories.providerVersions.add(created)
      await recordAuditEvent(this.#deps, repositories, { type: 'provider_version.created', principal, ...audited(provider, created) })
      return versionViewOf(this.#deps, { provider, version: created, platforms: [] }, filePermissions(access))
    })
  }

  list(command: ProviderOfVersions & { readonly page: PageRequest }, principal: Principal): Promise<Page<ProviderVersionView>> {
    return this.#deps.unitOfWork.read(async (repositories) => {
      const { provider, access } = await findProvider(repositories, principal, this.#at(command), 'canRead')
      const page = await repositories.providerVersions.list(provider.id, command.page)
      const platforms = await repositories.providerPlatforms.allOf(page.items.map((version) => version.id))
      const items = page.items.map((version) =>
        versionViewOf(
          this.#deps,
          { provider, version, platforms: platforms.filter((platform) => platform.versionId === version.id) },
          filePermissions(access),
        ),
      )
      return { ...page, items }
    })
  }

  show(target: VersionTarget, principal: Principal): Promise<ProviderVersionView> {
    return this.#deps.unitOfWork.read(async (repositories) => {
      const { provider, version, access } = await findProviderVersion(
        repositories,
        principal,
        { ...target, edition: this.#deps.edition },
        'canRead',
      )
      const platforms = await repositories.providerPlatforms.allOf([version.id])
      return versionViewOf(this.#deps, { provider, version, platforms }, filePermissions(access))
    })
  }

  async delete(target: VersionTarget, principal: Principal): Promise<void> {
    await deleteBlobsAfter(this.#deps, async (repositories) => {
      const found = await findProviderVersion(repositories, principal, { ...target, edition: this.#deps.edition }, 'canManageModules')
      const platforms = await repositories.providerPlatforms.allOf([found.version.id])
      await repositories.providerVersions.remove(found.version.id)
      await recordAuditEvent(this.#deps, repositories, {
        type: 'provider_version.deleted',
        principal,
        ...audited(found.provider, found.version),
      })
      return blobKeysOf(found.version, platforms)
    })
  }

  #at(target: ProviderOfVersions) {
    return {
      organizationName: target.organizationName,
      address: { registryName: 'private', namespace: target.namespace, name: target.name },
      edition: this.#deps.edition,
    } as const
  }
}

/** The plugin protocols a version speaks: each one the CLI knows, none twice. */
function parseProtocols(values: readonly string[]): ProviderProtocol[] {
  const protocols: ProviderProtocol[] = []
  for (const value of values) {
    const protocol = PROVIDER_PROTOCOLS.find((known) => known === value)
    if (protocol === undefined)
      throw CairnError.invalidField('protocols', `${JSON.stringify(value)} is not one of ${PROVIDER_PROTOCOLS.join(', ')}`)
    if (!protocols.includes(protocol)) protocols.push(protocol)
  }
  return protocols
}

export function audited(provider: RegistryProvider, version: ProviderVersion) {
  return {
    targetId: version.id,
    targetName: `${provider.namespace}/${provider.name} ${version.version}`,
    organizationName: provider.organizationName,
  }
}
