import { CairnError, isCairnError } from '../errors/cairn-error.ts'
import type { GithubApp } from '../ports/github-app.ts'
import type { VcsRemote } from '../ports/vcs-client.ts'
import { credentialUsername, repositoryUrl } from './vcs-connection.ts'
import { parseVcsIdentifier } from './vcs-identifier.ts'

export const INSTALLATION_FIELD = 'vcs-repo.github-app-installation-id'

/** What `vcs-repo.service-provider` shows for a module published through the GitHub App. */
export const GITHUB_APP_SERVICE_PROVIDER = 'github_app'

const GHAIN_ID = /^ghain-([1-9][0-9]{0,15})$/

/**
 * TFE's `ghain-…` id of an installation. Derived from GitHub's numeric id (and back), so Cairn
 * stores nothing per installation: the app's installations are whatever GitHub says they are.
 */
export function ghainIdOf(installationId: number): string {
  return `ghain-${installationId}`
}

/** GitHub's numeric installation id inside a `ghain-…` id. */
export function parseGhainId(value: string): number {
  const match = GHAIN_ID.exec(value)
  const id = match === null ? Number.NaN : Number(match[1])
  if (!Number.isSafeInteger(id))
    throw CairnError.invalidField(INSTALLATION_FIELD, 'must be a ghain-<number> id of an installation of the GitHub App')
  return id
}

/**
 * The repository `identifier` through installation `ghainId` of the site's GitHub App: its git
 * address on the app's GitHub, and a freshly minted (or still valid) installation token as the
 * basic-auth password, the way GitHub takes it. An unknown installation, or GitHub refusing the
 * app, is answered on `vcs-repo.github-app-installation-id`; an unreachable API stays `unavailable`.
 */
export async function githubAppRemote(app: GithubApp | null, ghainId: string, identifier: string): Promise<VcsRemote> {
  if (app === null)
    throw CairnError.invalidField(INSTALLATION_FIELD, 'names no GitHub App installation: no GitHub App is configured on this site')
  const installationId = parseGhainId(ghainId)
  const url = repositoryUrl({ serviceProvider: 'github', httpUrl: app.webUrl }, parseVcsIdentifier(identifier))
  try {
    return { url, credential: { username: credentialUsername('github'), password: await app.installationToken(installationId) } }
  } catch (error) {
    if (isCairnError(error, 'not_found')) throw CairnError.invalidField(INSTALLATION_FIELD, 'names no installation of the GitHub App')
    if (isCairnError(error, 'invalid')) throw CairnError.invalidField(INSTALLATION_FIELD, "GitHub refused the GitHub App's credentials")
    throw error
  }
}
