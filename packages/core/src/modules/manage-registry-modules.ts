import { recordAuditEvent } from '../audit/record-audit-event.ts'
import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import { FieldErrors } from '../errors/field-errors.ts'
import type { CachedOrganizationAccess } from '../organizations/cached-organization-access.ts'
import { requireOrganization } from '../organizations/organization-access.ts'
import type { BlobStore } from '../ports/blob-store.ts'
import type { GithubApp } from '../ports/github-app.ts'
import type { JobQueue } from '../ports/job-queue.ts'
import type { RegistryModuleQuery } from '../ports/registry-module-repository.ts'
import type { SecretCipher } from '../ports/secret-cipher.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { Edition } from '../shared/edition.ts'
import { MAX_PAGE_SIZE, type Page } from '../shared/page.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { deleteBlobsAfter } from './delete-blobs-after.ts'
import { assertCurationAllowed, findModule } from './find-module.ts'
import { auditedModule, auditedVersion } from './module-audit.ts'
import { findVersion } from './module-versions.ts'
import { parseModuleName, parseNamespace, parseProvider, type ModuleAddress, type RegistryName } from './module-address.ts'
import type { ModuleView } from './module-view.ts'
import { moduleViewsOf, noModuleView, viewsWith } from './module-views.ts'
import type { RegistryModule } from './registry-module.ts'
import { queueTagSync } from '../vcs/vcs-jobs.ts'
import { parseSourceDirectory, parseTagPrefix } from '../vcs/vcs-source.ts'

export interface CreateRegistryModuleCommand {
  readonly organizationName: string
  readonly name: string
  readonly provider: string
  /** Only for public modules; a private module's namespace is its organization's name. */
  readonly namespace?: string
  readonly registryName?: RegistryName
  readonly noCode?: boolean
}

export interface UpdateRegistryModuleCommand {
  readonly organizationName: string
  readonly address: ModuleAddress
  readonly branch?: string
  readonly tags?: boolean
  readonly sourceDirectory?: string
  readonly tagPrefix?: string
  readonly testsEnabled?: boolean
  readonly noCode?: boolean
}

export interface RegistryModulesDeps extends Pick<UseCaseDeps, 'unitOfWork' | 'clock' | 'ids'> {
  readonly edition: Edition
  readonly blobs: BlobStore
  /** Where a tag-based module whose VCS settings change is queued for a sync. */
  readonly jobs: JobQueue
  /** The site's GitHub App, whose modules show its web address; null when none is configured. */
  readonly githubApp: GithubApp | null
  /** Opens VCS modules' webhook tokens, to show their URLs. */
  readonly cipher: SecretCipher
}

type Target = { readonly organizationName: string; readonly address: ModuleAddress }

/**
 * An organization's registry modules (spec §4.1, without VCS): members read them, teams that
 * manage modules create them, owners change and delete them. Deleting the last version of a
 * provider deletes the provider; a module is gone with its last provider (spec §3). Creation and
 * every deletion are audited: each provider deleted (`registry_module.deleted`), each version
 * (`module_version.deleted`).
 */
export class ManageRegistryModules {
  readonly #deps: RegistryModulesDeps & { readonly organizationGrants: CachedOrganizationAccess }

  constructor(deps: RegistryModulesDeps & { readonly organizationGrants: CachedOrganizationAccess }) {
    this.#deps = deps
  }

  get #githubWebUrl(): string | null {
    return this.#deps.githubApp?.webUrl ?? null
  }

  async create(command: CreateRegistryModuleCommand, principal: Principal): Promise<ModuleView> {
    const registryName = command.registryName ?? 'private'
    assertCurationAllowed(this.#deps.edition, registryName)
    return this.#deps.unitOfWork.run(async (repositories) => {
      await requireOrganization(repositories, principal, command.organizationName, 'canManageModules')
      const address = addressFor(command, registryName)
      const now = this.#deps.clock.now()
      const module: RegistryModule = {
        id: this.#deps.ids.next('mod'),
        organizationName: command.organizationName,
        ...address,
        status: registryName === 'public' ? 'setup_complete' : 'pending',
        publishingMechanism: 'non_vcs',
        noCode: command.noCode ?? false,
        vcsRepo: null,
        testsEnabled: false,
        createdAt: now,
        updatedAt: now,
      }
      await repositories.registryModules.add(module)
      await recordAuditEvent(this.#deps, repositories, { type: 'registry_module.created', principal, ...auditedModule(module) })
      const [view] = await moduleViewsOf({ repositories, principal, githubWebUrl: this.#githubWebUrl, cipher: this.#deps.cipher }, [module])
      return view ?? noModuleView(module)
    })
  }

  list(query: RegistryModuleQuery, principal: Principal): Promise<Page<ModuleView>> {
    return this.#deps.unitOfWork.read(async (repositories) => {
      const grant = await this.#deps.organizationGrants.require(repositories, principal, query.organizationName, 'canRead')
      const page = await repositories.registryModules.list(query)
      return {
        ...page,
        items: await viewsWith(repositories, grant.access, page.items, { githubWebUrl: this.#githubWebUrl, cipher: this.#deps.cipher }),
      }
    })
  }

  show(target: Target, principal: Principal): Promise<ModuleView> {
    return this.#deps.unitOfWork.read(async (repositories) => {
      const module = await findModule(repositories, principal, { ...target, edition: this.#deps.edition }, 'canRead')
      const [view] = await moduleViewsOf({ repositories, principal, githubWebUrl: this.#githubWebUrl, cipher: this.#deps.cipher }, [module])
      return view ?? noModuleView(module)
    })
  }

  /** A module provider by id, as the official Go client reads it. */
  showById(command: { readonly id: string }, principal: Principal): Promise<ModuleView> {
    return this.#deps.unitOfWork.read(async (repositories) => {
      const module = await repositories.registryModules.findById(command.id)
      if (module === undefined) throw CairnError.notFound('registry module')
      const target = { organizationName: module.organizationName, address: module, edition: this.#deps.edition }
      await findModule(repositories, principal, target, 'canRead')
      const [view] = await moduleViewsOf({ repositories, principal, githubWebUrl: this.#githubWebUrl, cipher: this.#deps.cipher }, [module])
      return view ?? noModuleView(module)
    })
  }

  /**
   * Changes the publishing settings; omitted ones keep their value. Owners only. A tag-based
   * module whose VCS settings changed (switched to tags, another prefix or directory) is synced.
   */
  async update(command: UpdateRegistryModuleCommand, principal: Principal): Promise<ModuleView> {
    const view = await this.#deps.unitOfWork.run(async (repositories) => {
      const module = await findModule(repositories, principal, { ...command, edition: this.#deps.edition }, 'isOwner')
      const updated = applyUpdate(module, command, this.#deps.clock.now())
      await repositories.registryModules.update(updated)
      const [view] = await moduleViewsOf({ repositories, principal, githubWebUrl: this.#githubWebUrl, cipher: this.#deps.cipher }, [
        updated,
      ])
      return view ?? noModuleView(updated)
    })
    if (view.module.publishingMechanism === 'git_tag' && isVcsChange(command)) await queueTagSync(this.#deps.jobs, view.module)
    return view
  }

  /** Deletes every provider of a module. For a public module, only its curated record goes. */
  removeModule(target: Target, principal: Principal): Promise<void> {
    return this.#remove(target, principal, async (repositories) => {
      const providers = await repositories.registryModules.providersOf(target.organizationName, target.address)
      if (providers.length === 0) throw CairnError.notFound('registry module')
      return providers
    })
  }

  /**
   * The deprecated delete by organization and name, whose path has no registry nor namespace:
   * every private provider of that name, else (hosted edition) every public record of that name.
   */
  removeByName(target: { readonly organizationName: string; readonly name: string }, principal: Principal): Promise<void> {
    const { organizationName, name } = target
    const address = { registryName: 'private' as const, namespace: organizationName, name, provider: '' }
    return this.#remove({ organizationName, address }, principal, async (repositories) => {
      const providers = await repositories.registryModules.providersOf(organizationName, address)
      const found = providers.length > 0 || this.#deps.edition !== 'hosted' ? providers : await publicRecordsNamed(repositories, target)
      if (found.length === 0) throw CairnError.notFound('registry module')
      return found
    })
  }

  /** Deletes one provider with its versions. Not for public modules (`not_found`). */
  removeProvider(target: Target, principal: Principal): Promise<void> {
    return this.#remove(target, principal, async (repositories) => {
      if (target.address.registryName === 'public') throw CairnError.notFound('registry module')
      const module = await repositories.registryModules.findByAddress(target.organizationName, target.address)
      if (module === undefined) throw CairnError.notFound('registry module')
      return [module]
    })
  }

  /** Deletes one version; the provider goes with its last version. Not for public modules. */
  removeVersion(target: Target & { readonly version: string }, principal: Principal): Promise<void> {
    return deleteBlobsAfter(this.#deps, async (repositories) => {
      if (target.address.registryName === 'public') {
        assertCurationAllowed(this.#deps.edition, 'public')
        throw CairnError.notFound('registry module version')
      }
      const module = await findModule(repositories, principal, { ...target, edition: this.#deps.edition }, 'isOwner')
      const doomed = await findVersion(repositories, module.id, target.version)
      const versions = (await repositories.moduleVersions.versionsOf([module.id])).get(module.id) ?? []
      if (versions.length === 1) await repositories.registryModules.remove(module.id)
      else await repositories.moduleVersions.remove(doomed.id)
      await recordAuditEvent(this.#deps, repositories, { type: 'module_version.deleted', principal, ...auditedVersion(module, doomed) })
      if (versions.length === 1)
        await recordAuditEvent(this.#deps, repositories, { type: 'registry_module.deleted', principal, ...auditedModule(module) })
      return doomed.archive === null ? [] : [doomed.archive.blobKey]
    })
  }

  async #remove(target: Target, principal: Principal, select: (repositories: Repositories) => Promise<RegistryModule[]>): Promise<void> {
    await deleteBlobsAfter(this.#deps, async (repositories) => {
      assertCurationAllowed(this.#deps.edition, target.address.registryName)
      await requireOrganization(repositories, principal, target.organizationName, 'isOwner')
      const modules = await select(repositories)
      const versions = await repositories.moduleVersions.versionsOf(modules.map((module) => module.id))
      for (const module of modules) {
        await repositories.registryModules.remove(module.id)
        await recordAuditEvent(this.#deps, repositories, { type: 'registry_module.deleted', principal, ...auditedModule(module) })
      }
      return [...versions.values()].flat().flatMap((version) => (version.archive === null ? [] : [version.archive.blobKey]))
    })
  }
}

/** An organization's public records named `name`, whatever their namespace. */
async function publicRecordsNamed(
  repositories: Repositories,
  target: { readonly organizationName: string; readonly name: string },
): Promise<RegistryModule[]> {
  const found: RegistryModule[] = []
  for (let number = 1; ; number += 1) {
    const query = { organizationName: target.organizationName, registryName: 'public' as const, search: target.name }
    const page = await repositories.registryModules.list({ ...query, page: { number, size: MAX_PAGE_SIZE } })
    found.push(...page.items.filter((module) => module.name === target.name))
    if (number * MAX_PAGE_SIZE >= page.total) return found
  }
}

/** The address a new module gets, checked; a private module's namespace is its organization. */
function addressFor(command: CreateRegistryModuleCommand, registryName: RegistryName): ModuleAddress {
  const errors = new FieldErrors()
  let namespace = command.organizationName
  if (registryName === 'public') {
    if (command.namespace === undefined) errors.add('namespace', 'is required for a public module')
    else namespace = errors.collect(() => parseNamespace(command.namespace ?? '')) ?? ''
  } else if (command.namespace !== undefined && command.namespace !== command.organizationName) {
    errors.add('namespace', 'cannot be set for a private module: it is the organization name')
  }
  const name = errors.collect(() => parseModuleName(command.name)) ?? ''
  const provider = errors.collect(() => parseProvider(command.provider)) ?? ''
  errors.throwIfAny()
  return { registryName, namespace, name, provider }
}

function isVcsChange(command: UpdateRegistryModuleCommand): boolean {
  return [command.branch, command.tags, command.sourceDirectory, command.tagPrefix].some((value) => value !== undefined)
}

function applyUpdate(module: RegistryModule, command: UpdateRegistryModuleCommand, at: Date): RegistryModule {
  const errors = new FieldErrors()
  const vcsChange = isVcsChange(command)
  const sourceDirectory =
    command.sourceDirectory === undefined ? undefined : errors.collect(() => parseSourceDirectory(command.sourceDirectory ?? ''))
  const tagPrefix = command.tagPrefix === undefined ? undefined : errors.collect(() => parseTagPrefix(command.tagPrefix ?? ''))
  if (command.branch === '' && command.tags !== true) {
    errors.add('vcsRepo.branch', 'cannot be empty: set vcs-repo.tags to publish from tags')
  } else if (command.branch !== undefined && command.branch !== '' && command.tags !== undefined) {
    errors.add('vcsRepo.tags', 'cannot be combined with vcs-repo.branch')
  } else if (vcsChange && module.vcsRepo === null) {
    errors.add('vcsRepo', 'cannot be changed: the module is not published from a VCS repository')
  }
  errors.throwIfAny()
  const vcsRepo = module.vcsRepo && {
    ...module.vcsRepo,
    ...(command.branch !== undefined && { branch: command.branch, tags: false }),
    ...(command.tags === true && { branch: '', tags: true }),
    ...(sourceDirectory !== undefined && { sourceDirectory }),
    ...(tagPrefix !== undefined && { tagPrefix }),
  }
  const publishingMechanism = vcsRepo === null ? module.publishingMechanism : vcsRepo.tags ? 'git_tag' : 'branch'
  return {
    ...module,
    vcsRepo,
    publishingMechanism,
    ...(command.testsEnabled !== undefined && { testsEnabled: command.testsEnabled }),
    ...(command.noCode !== undefined && { noCode: command.noCode }),
    updatedAt: at,
  }
}
