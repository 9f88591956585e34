import { changesOf, recordAuditEvent } from '../audit/record-audit-event.ts'
import { isSiteAdmin, type Principal } from '../auth/principal.ts'
import { CairnError, isCairnError } from '../errors/cairn-error.ts'
import { FieldErrors } from '../errors/field-errors.ts'
import { requireOrganization } from '../organizations/organization-access.ts'
import type { JobQueue } from '../ports/job-queue.ts'
import type { GithubApp } from '../ports/github-app.ts'
import type { SecretCipher } from '../ports/secret-cipher.ts'
import type { VcsClient, VcsRefs, VcsRemote } from '../ports/vcs-client.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { moduleViewsOf, noModuleView } from '../modules/module-views.ts'
import { auditedModule, auditedVersion } from '../modules/module-audit.ts'
import { parseModuleName, parseProvider } from '../modules/module-address.ts'
import { ModuleVersion, parseModuleVersion } from '../modules/module-version.ts'
import type { ModuleView } from '../modules/module-view.ts'
import type { RegistryModule, VcsRepo } from '../modules/registry-module.ts'
import { githubAppRemote, INSTALLATION_FIELD, parseGhainId } from './github-app-installation.ts'
import type { VcsConnection } from './vcs-connection.ts'
import { moduleNameFromRepository, parseVcsIdentifier } from './vcs-identifier.ts'
import { queueIngestion, queueTagSync } from './vcs-jobs.ts'
import { parseSourceDirectory, parseTagPrefix, remoteThrough } from './vcs-source.ts'
import { newVcsWebhook } from './vcs-webhook-token.ts'

export interface PublishModuleFromVcsCommand {
  /** The organization of the path; absent on the deprecated route, where the connection names it. */
  readonly organizationName?: string
  readonly identifier?: string
  readonly oauthTokenId?: string
  /** A `ghain-…` id: publishes through the site's GitHub App instead of a VCS connection. */
  readonly githubAppInstallationId?: string
  readonly displayIdentifier?: string
  /** Publishes from this branch (branch-based); from tags when absent. */
  readonly branch?: string
  readonly tags?: boolean
  readonly sourceDirectory?: string
  readonly tagPrefix?: string
  /** Stored and echoed (TFE's default: true); Cairn's archives leave submodules out either way. */
  readonly ingressSubmodules?: boolean
  /** `test-config.tests-enabled`: stored and echoed; Cairn runs no module tests. */
  readonly testsEnabled?: boolean
  /** Otherwise derived from a `terraform-<provider>-<name>` repository. */
  readonly name?: string
  readonly provider?: string
  /** The first version of a branch-based module, from the branch head; `0.0.0` by default. */
  readonly initialVersion?: string
  readonly noCode?: boolean
}

export interface PublishModuleFromVcsDeps extends Pick<UseCaseDeps, 'unitOfWork' | 'clock' | 'ids' | 'hasher'> {
  readonly cipher: SecretCipher
  readonly vcs: VcsClient
  readonly jobs: JobQueue
  /** The site's GitHub App, for `github-app-installation-id`; null when none is configured. */
  readonly githubApp: GithubApp | null
}

/** Where the module's repository is read from: a VCS connection, or an installation of the GitHub App. */
interface PublishSource {
  readonly organizationName: string
  readonly remote: VcsRemote
  readonly oauthTokenId: string | null
  readonly githubAppInstallationId: string | null
}

const TOKEN_FIELD = 'vcs-repo.oauth-token-id'

/**
 * Publishes a private module from a repository (spec §4.1): checks the request, reads the
 * repository's refs through the VCS connection (so a refused credential, a missing repository or
 * branch is answered now), stores the module, then queues its first ingestion: a tag sync, or the
 * branch head as the initial version. Nothing is cloned in the request. The module and its initial
 * version are audited with whoever published them and where from.
 */
export class PublishModuleFromVcs {
  readonly #deps: PublishModuleFromVcsDeps

  constructor(deps: PublishModuleFromVcsDeps) {
    this.#deps = deps
  }

  async execute(command: PublishModuleFromVcsCommand, principal: Principal): Promise<ModuleView> {
    const request = parseRequest(command)
    const source =
      request.githubAppInstallationId === null
        ? await this.#throughConnection(command, request, principal)
        : await this.#throughGithubApp(command, request.githubAppInstallationId, request.identifier, principal)
    const refs = await readRefs(this.#deps.vcs, source.remote, source.oauthTokenId === null ? INSTALLATION_FIELD : TOKEN_FIELD)
    const head = request.vcsRepo.branch === '' ? undefined : refs.branches.find((branch) => branch.name === request.vcsRepo.branch)
    if (request.vcsRepo.branch !== '' && head === undefined)
      throw CairnError.invalidField('vcs-repo.branch', 'does not exist in the repository')
    const { module, initialVersion, view } = await this.#deps.unitOfWork.run(async (repositories) => {
      await requireOrganization(repositories, principal, source.organizationName, 'canManageModules')
      const now = this.#deps.clock.now()
      const id = this.#deps.ids.next('mod')
      const module: RegistryModule = {
        id,
        organizationName: source.organizationName,
        registryName: 'private',
        namespace: source.organizationName,
        name: request.name,
        provider: request.provider,
        status: 'pending',
        publishingMechanism: head === undefined ? 'git_tag' : 'branch',
        noCode: command.noCode ?? false,
        vcsRepo: {
          ...request.vcsRepo,
          oauthTokenId: source.oauthTokenId,
          githubAppInstallationId: source.githubAppInstallationId,
          webhook: newVcsWebhook(this.#deps, id),
        },
        testsEnabled: command.testsEnabled ?? false,
        createdAt: now,
        updatedAt: now,
      }
      await repositories.registryModules.add(module)
      await recordAuditEvent(this.#deps, repositories, {
        type: 'registry_module.created',
        principal,
        ...auditedModule(module),
        changes: vcsChanges(module.vcsRepo),
      })
      let initialVersion: { readonly versionId: string; readonly commitSha: string } | null = null
      if (head !== undefined) {
        const version = ModuleVersion.pending(
          { id: this.#deps.ids.next('modver'), moduleId: module.id, version: request.initialVersion, commitSha: head.commitSha },
          now,
        )
        await repositories.moduleVersions.add(version)
        const changes = [{ attribute: 'commit-sha', from: null, to: head.commitSha }]
        await recordAuditEvent(this.#deps, repositories, {
          type: 'module_version.created',
          principal,
          ...auditedVersion(module, version),
          changes,
        })
        initialVersion = { versionId: version.id, commitSha: head.commitSha }
      }
      const [view] = await moduleViewsOf(
        { repositories, principal, githubWebUrl: this.#deps.githubApp?.webUrl ?? null, cipher: this.#deps.cipher },
        [module],
      )
      return { module, initialVersion, view: view ?? noModuleView(module) }
    })
    // After the commit: a job lost here (a crash) is queued again by the next poll.
    if (initialVersion === null) await queueTagSync(this.#deps.jobs, module)
    else await queueIngestion(this.#deps.jobs, { ...initialVersion, organizationName: module.organizationName })
    return view
  }

  /**
   * The connection named by the request, in the organization of the path when there is one; the
   * principal must manage modules there (`not_found` otherwise) before the git host is asked anything.
   */
  async #throughConnection(command: PublishModuleFromVcsCommand, request: PublishRequest, principal: Principal): Promise<PublishSource> {
    const connection = await this.#connection(command, request.oauthTokenId ?? '', principal)
    return {
      organizationName: connection.organizationName,
      remote: remoteThrough(connection, request.identifier, this.#deps.cipher),
      oauthTokenId: connection.tokenId,
      githubAppInstallationId: null,
    }
  }

  /**
   * Through an installation of the site's GitHub App, in the organization of the path (or of
   * `vcs-repo.organization-name` on the deprecated route): no connection names one. The principal
   * must manage modules there, and be a site administrator: with no user-to-server GitHub
   * authorization to say whose repositories a user may read, an installation would otherwise open
   * every repository it reaches to anyone who can create an organization. Both are checked before
   * GitHub is asked anything, so a refusal says nothing about whether the installation exists.
   */
  async #throughGithubApp(
    command: PublishModuleFromVcsCommand,
    ghainId: string,
    identifier: string,
    principal: Principal,
  ): Promise<PublishSource> {
    const organizationName = command.organizationName
    if (organizationName === undefined)
      throw CairnError.invalidField('vcs-repo.organization-name', 'is required with vcs-repo.github-app-installation-id')
    await this.#deps.unitOfWork.read((repositories) => requireOrganization(repositories, principal, organizationName, 'canManageModules'))
    if (!isSiteAdmin(principal))
      throw CairnError.invalidField(INSTALLATION_FIELD, 'is for site administrators only: Cairn has no user-to-server GitHub authorization')
    const remote = await githubAppRemote(this.#deps.githubApp, ghainId, identifier)
    return { organizationName, remote, oauthTokenId: null, githubAppInstallationId: ghainId }
  }

  async #connection(command: PublishModuleFromVcsCommand, tokenId: string, principal: Principal): Promise<VcsConnection> {
    return this.#deps.unitOfWork.read(async (repositories) => {
      if (command.organizationName !== undefined) {
        await requireOrganization(repositories, principal, command.organizationName, 'canManageModules')
      }
      const connection = await repositories.vcsConnections.findByTokenId(tokenId)
      const elsewhere = command.organizationName !== undefined && connection?.organizationName !== command.organizationName
      if (connection === undefined || elsewhere) throw CairnError.invalidField(TOKEN_FIELD, 'names no VCS connection of this organization')
      await requireOrganization(repositories, principal, connection.organizationName, 'canManageModules')
      return connection
    })
  }
}

interface PublishRequest {
  readonly identifier: string
  readonly oauthTokenId: string | null
  readonly githubAppInstallationId: string | null
  readonly name: string
  readonly provider: string
  readonly initialVersion: string
  readonly vcsRepo: Omit<VcsRepo, 'oauthTokenId' | 'githubAppInstallationId' | 'webhook'>
}

/** Every field of the request checked at once; name and provider derived when not given. */
function parseRequest(command: PublishModuleFromVcsCommand): PublishRequest {
  const errors = new FieldErrors()
  if (command.identifier === undefined) errors.add('vcs-repo.identifier', 'is required')
  const identifier = command.identifier === undefined ? undefined : errors.collect(() => parseVcsIdentifier(command.identifier ?? ''))
  if ((command.oauthTokenId !== undefined) === (command.githubAppInstallationId !== undefined)) {
    errors.add(TOKEN_FIELD, 'or vcs-repo.github-app-installation-id is required, not both')
  }
  if (command.githubAppInstallationId !== undefined) errors.collect(() => parseGhainId(command.githubAppInstallationId ?? ''))
  if (command.branch !== undefined && command.tags === true) errors.add('vcs-repo.tags', 'cannot be combined with vcs-repo.branch')
  if (command.branch === '') errors.add('vcs-repo.branch', 'cannot be empty')
  // go-tfe refuses it before sending (ErrRequiredBranchWhenTestsEnabled): module tests run on a branch.
  if (command.testsEnabled === true && command.branch === undefined)
    errors.add('test-config.tests-enabled', 'requires vcs-repo.branch: tests run on branch-based modules')
  const sourceDirectory = errors.collect(() => parseSourceDirectory(command.sourceDirectory ?? '')) ?? ''
  const tagPrefix = errors.collect(() => parseTagPrefix(command.tagPrefix ?? '')) ?? ''
  const initialVersion = errors.collect(() => parseModuleVersion(command.initialVersion ?? '0.0.0')) ?? ''
  const derived = identifier === undefined ? null : moduleNameFromRepository(identifier.repository)
  const name = command.name ?? derived?.name
  const provider = command.provider ?? derived?.provider
  if (identifier !== undefined && (name === undefined || provider === undefined)) {
    errors.add('vcs-repo.identifier', 'must name a repository terraform-<provider>-<name>, or name and provider must be given')
  }
  if (command.name !== undefined) errors.collect(() => parseModuleName(command.name ?? ''))
  if (command.provider !== undefined) errors.collect(() => parseProvider(command.provider ?? ''))
  errors.throwIfAny()
  const path = command.identifier ?? ''
  return {
    identifier: path,
    oauthTokenId: command.oauthTokenId ?? null,
    githubAppInstallationId: command.githubAppInstallationId ?? null,
    name: name ?? '',
    provider: provider ?? '',
    initialVersion,
    vcsRepo: {
      identifier: path,
      displayIdentifier: command.displayIdentifier ?? path,
      branch: command.branch ?? '',
      tags: command.branch === undefined,
      sourceDirectory,
      tagPrefix,
      ingressSubmodules: command.ingressSubmodules ?? true,
    },
  }
}

/** Where a module is published from, as an audit event names it. */
function vcsChanges(repo: VcsRepo | null) {
  return changesOf([
    ['vcs-repo.identifier', null, repo?.identifier ?? null],
    ['vcs-repo.oauth-token-id', null, repo?.oauthTokenId ?? null],
    ['vcs-repo.github-app-installation-id', null, repo?.githubAppInstallationId ?? null],
    ['vcs-repo.branch', null, repo?.branch === '' ? null : (repo?.branch ?? null)],
  ])
}

/** The repository's refs, a refusal answered on the field that caused it (the connection's, or the installation's). */
async function readRefs(vcs: VcsClient, remote: VcsRemote, credentialField: string): Promise<VcsRefs> {
  try {
    return await vcs.refs(remote)
  } catch (error) {
    if (isCairnError(error, 'invalid'))
      throw CairnError.invalidField(credentialField, 'the git host refused the credential of this VCS connection')
    if (isCairnError(error, 'not_found'))
      throw CairnError.invalidField('vcs-repo.identifier', 'names no repository the VCS connection can read')
    throw error
  }
}
