import { CairnError, type GithubApp, type GithubAppInstallation } from '@cairn/core'

/**
 * The site's GitHub App for unit tests: installations by id, each minting the same token (so the
 * fake git host can be told to accept it), a count of tokens minted, and switches that make the
 * GitHub API unreachable or refuse the app's credentials.
 */
export class FakeGithubApp implements GithubApp {
  readonly webUrl = 'https://github.test'
  readonly installed = new Map<number, GithubAppInstallation>()
  token = 'ghs-installation-token'
  minted = 0
  reachable = true
  acceptsApp = true

  install(id: number, accountLogin: string): void {
    this.installed.set(id, {
      id,
      accountLogin,
      accountType: 'Organization',
      htmlUrl: `${this.webUrl}/organizations/${accountLogin}/settings/installations/${id}`,
      avatarUrl: `${this.webUrl}/${accountLogin}.png`,
    })
  }

  async installations(): Promise<GithubAppInstallation[]> {
    this.#reach()
    return [...this.installed.values()]
  }

  async installationToken(installationId: number): Promise<string> {
    this.#reach()
    if (!this.installed.has(installationId)) throw CairnError.notFound(`GitHub App installation ${installationId}`)
    this.minted += 1
    return this.token
  }

  #reach(): void {
    if (!this.reachable) throw new CairnError('unavailable', 'cannot reach the GitHub API')
    if (!this.acceptsApp) throw new CairnError('invalid', "GitHub refused the GitHub App's credentials")
  }
}
