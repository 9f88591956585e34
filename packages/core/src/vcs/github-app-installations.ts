import { isSiteAdmin, type Principal } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import type { GithubApp, GithubAppInstallation } from '../ports/github-app.ts'
import { ghainIdOf, parseGhainId } from './github-app-installation.ts'

/** An installation of the site's GitHub App, as TFE's `github-app-installations` resource shows it. */
export interface GithubAppInstallationView {
  /** `ghain-…`, what `vcs-repo.github-app-installation-id` takes. */
  readonly id: string
  readonly installation: GithubAppInstallation
}

/**
 * The installations of the site's GitHub App (`GET /api/v2/github-app/installations`, go-tfe
 * `GHAInstallations`); without a configured app the list is empty. TFE shows a user the
 * installations their user-to-server GitHub authorization reaches; Cairn has no such
 * authorization, so only site administrators see them (everyone else: `not_found`, as the admin API).
 */
export class ListGithubAppInstallations {
  readonly #githubApp: GithubApp | null

  constructor(deps: { readonly githubApp: GithubApp | null }) {
    this.#githubApp = deps.githubApp
  }

  async list(principal: Principal): Promise<GithubAppInstallationView[]> {
    requireSiteAdmin(principal)
    if (this.#githubApp === null) return []
    return (await this.#githubApp.installations()).map((installation) => ({ id: ghainIdOf(installation.id), installation }))
  }

  async show(ghainId: string, principal: Principal): Promise<GithubAppInstallationView> {
    requireSiteAdmin(principal)
    const installationId = idOrNull(ghainId)
    const found = (await this.list(principal)).find((view) => view.installation.id === installationId)
    if (found === undefined) throw CairnError.notFound('GitHub App installation')
    return found
  }
}

function requireSiteAdmin(principal: Principal): void {
  if (!isSiteAdmin(principal)) throw CairnError.notFound('GitHub App installations')
}

function idOrNull(ghainId: string): number | null {
  try {
    return parseGhainId(ghainId)
  } catch {
    return null
  }
}
