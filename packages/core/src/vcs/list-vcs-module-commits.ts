import type { Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import { findModule } from '../modules/find-module.ts'
import type { ModuleAddress } from '../modules/module-address.ts'
import type { VcsClient, VcsCommit } from '../ports/vcs-client.ts'
import type { Edition } from '../shared/edition.ts'
import { MAX_PAGE_SIZE, pageOffset, type Page, type PageRequest } from '../shared/page.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { commitWebUrl } from './vcs-connection.ts'
import { vcsHostsOf } from './vcs-host.ts'
import { vcsSourceOf, type VcsSourceDeps } from './vcs-source.ts'

export interface ListVcsModuleCommitsDeps extends Pick<UseCaseDeps, 'unitOfWork'>, VcsSourceDeps {
  readonly vcs: VcsClient
  readonly edition: Edition
}

/** A commit of a VCS module's branch, with its page on the git host (null once the connection is gone). */
export interface ModuleCommit extends VcsCommit {
  readonly url: string | null
}

/**
 * The latest commits of a VCS module's branch (its default branch when tag-based), read from the
 * git host through the module's connection (`GET …/commits`, go-tfe `ListCommits`). Only the newest
 * `MAX_PAGE_SIZE` are listed, in pages, as TFE lists only the latest. Members read them, as they
 * read the module; a module not published from VCS is `not_found`.
 */
export class ListVcsModuleCommits {
  readonly #deps: ListVcsModuleCommitsDeps

  constructor(deps: ListVcsModuleCommitsDeps) {
    this.#deps = deps
  }

  async execute(
    target: { readonly organizationName: string; readonly address: ModuleAddress; readonly page: PageRequest },
    principal: Principal,
  ): Promise<Page<ModuleCommit>> {
    const { module, host } = await this.#deps.unitOfWork.read(async (repositories) => {
      const module = await findModule(repositories, principal, { ...target, edition: this.#deps.edition }, 'canRead')
      if (module.vcsRepo === null) throw CairnError.notFound('commits: the registry module is not published from VCS')
      const hosts = await vcsHostsOf(repositories, [module], this.#deps.githubApp?.webUrl ?? null)
      return { module, host: hosts.get(module.id) }
    })
    const source = await vcsSourceOf(this.#deps)(module)
    const branch = module.vcsRepo?.branch ?? ''
    const commits = await this.#deps.vcs.latestCommits(source.remote, branch === '' ? undefined : branch, MAX_PAGE_SIZE)
    const start = pageOffset(target.page)
    const items = commits.slice(start, start + target.page.size).map((commit) => ({
      ...commit,
      url: host === undefined ? null : commitWebUrl(host, commit.sha),
    }))
    return { items, total: commits.length, request: target.page }
  }
}
