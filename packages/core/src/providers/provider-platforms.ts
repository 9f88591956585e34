import { recordAuditEvent } from '../audit/record-audit-event.ts'
import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import { deleteBlobsAfter } from '../modules/delete-blobs-after.ts'
import type { Page, PageRequest } from '../shared/page.ts'
import { findProviderPlatform, findProviderVersion, type PlatformTarget, type VersionTarget } from './find-provider.ts'
import type { ProviderUseCaseDeps } from './provider-deps.ts'
import { providerBinaryBlobKey, type ProviderPlatform } from './provider-platform.ts'
import { filePermissions, platformViewOf } from './provider-view-of.ts'
import type { ProviderPlatformView } from './provider-views.ts'
import { listsFile } from './shasums.ts'

export interface CreateProviderPlatformCommand extends PlatformTarget {
  /** The zip's SHA-256, which must be its line's in SHA256SUMS and the uploaded zip's. */
  readonly shasum: string
  readonly filename: string
}

/** An os or arch name as Go and the CLI spell them (`linux`, `amd64`, `arm64`). */
const PLATFORM_PART = /^[a-z0-9_]{1,32}$/

/**
 * The platforms of provider versions: members read them, owners and teams that manage modules
 * create and delete them. A platform takes its zip through the upload link of its view. Once the
 * version's SHA256SUMS is in, a new platform must be one of its lines, so that no platform can
 * be published that the CLI would refuse.
 */
export class ProviderPlatforms {
  readonly #deps: ProviderUseCaseDeps

  constructor(deps: ProviderUseCaseDeps) {
    this.#deps = deps
  }

  async create(command: CreateProviderPlatformCommand, principal: Principal): Promise<ProviderPlatformView> {
    const os = parsePart('os', command.os)
    const arch = parsePart('arch', command.arch)
    const shasum = command.shasum.trim().toLowerCase()
    const filename = command.filename.trim()
    if (shasum === '') throw CairnError.invalidField('shasum', "can't be blank")
    if (filename === '') throw CairnError.invalidField('filename', "can't be blank")
    if (/[/\\]/.test(filename)) throw CairnError.invalidField('filename', 'must be a file name, without a directory')
    return this.#deps.unitOfWork.run(async (repositories) => {
      const found = await findProviderVersion(repositories, principal, { ...command, edition: this.#deps.edition }, 'canManageModules')
      const shasums = found.version.shasums
      if (shasums !== null && !listsFile(shasums, filename, shasum)) {
        throw CairnError.invalidField('shasum', `SHA256SUMS has no line for ${filename} with this shasum`)
      }
      const now = this.#deps.clock.now()
      const platform: ProviderPlatform = {
        id: this.#deps.ids.next('provpltfrm'),
        versionId: found.version.id,
        os,
        arch,
        filename,
        shasum,
        binaryUploaded: false,
        downloads: 0,
        createdAt: now,
        updatedAt: now,
      }
      await repositories.providerPlatforms.add(platform)
      await recordAuditEvent(this.#deps, repositories, { type: 'provider_platform.created', principal, ...audited(found, platform) })
      return platformViewOf(this.#deps, { ...found, platform }, filePermissions(found.access))
    })
  }

  list(command: VersionTarget & { readonly page: PageRequest }, principal: Principal): Promise<Page<ProviderPlatformView>> {
    return this.#deps.unitOfWork.read(async (repositories) => {
      const found = await findProviderVersion(repositories, principal, { ...command, edition: this.#deps.edition }, 'canRead')
      const page = await repositories.providerPlatforms.list(found.version.id, command.page)
      return {
        ...page,
        items: page.items.map((platform) => platformViewOf(this.#deps, { ...found, platform }, filePermissions(found.access))),
      }
    })
  }

  show(target: PlatformTarget, principal: Principal): Promise<ProviderPlatformView> {
    return this.#deps.unitOfWork.read(async (repositories) => {
      const found = await findProviderPlatform(repositories, principal, { ...target, edition: this.#deps.edition }, 'canRead')
      return platformViewOf(this.#deps, found, filePermissions(found.access))
    })
  }

  async delete(target: PlatformTarget, principal: Principal): Promise<void> {
    await deleteBlobsAfter(this.#deps, async (repositories) => {
      const found = await findProviderPlatform(repositories, principal, { ...target, edition: this.#deps.edition }, 'canManageModules')
      await repositories.providerPlatforms.remove(found.platform.id)
      await recordAuditEvent(this.#deps, repositories, { type: 'provider_platform.deleted', principal, ...audited(found, found.platform) })
      return [providerBinaryBlobKey(found.platform)]
    })
  }
}

function parsePart(field: 'os' | 'arch', value: string): string {
  if (!PLATFORM_PART.test(value))
    throw CairnError.invalidField(field, 'must be 1 to 32 lower-case letters, digits or "_", as Go names platforms')
  return value
}

function audited(
  found: {
    readonly provider: { readonly namespace: string; readonly name: string; readonly organizationName: string }
    readonly version: { readonly version: string }
  },
  platform: ProviderPlatform,
) {
  return {
    targetId: platform.id,
    targetName: `${found.provider.namespace}/${found.provider.name} ${found.version.version} ${platform.os}_${platform.arch}`,
    organizationName: found.provider.organizationName,
  }
}
