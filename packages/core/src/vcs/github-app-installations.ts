import type { Principal } from '../auth/principal.ts'
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
 * The installations of the site's GitHub App, read from GitHub at each call (`GET
 * /api/v2/github-app/installations`, go-tfe `GHAInstallations`). As in TFE they are for users
 * (team and organization tokens see none: `not_found`); without a configured app the list is empty.
 */
export class ListGithubAppInstallations {
  readonly #githubApp: GithubApp | null

  constructor(deps: { readonly githubApp: GithubApp | null }) {
    this.#githubApp = deps.githubApp
  }

  async list(principal: Principal): Promise<GithubAppInstallationView[]> {
    requireUser(principal)
    if (this.#githubApp === null) return []
    return (await this.#githubApp.installations()).map((installation) => ({ id: ghainIdOf(installation.id), installation }))
  }

  async show(ghainId: string, principal: Principal): Promise<GithubAppInstallationView> {
    requireUser(principal)
    const installationId = idOrNull(ghainId)
    const found = (await this.list(principal)).find((view) => view.installation.id === installationId)
    if (found === undefined) throw CairnError.notFound('GitHub App installation')
    return found
  }
}

function requireUser(principal: Principal): void {
  if (principal.kind !== 'user' && principal.kind !== 'operator') throw CairnError.notFound('GitHub App installations')
}

function idOrNull(ghainId: string): number | null {
  try {
    return parseGhainId(ghainId)
  } catch {
    return null
  }
}
