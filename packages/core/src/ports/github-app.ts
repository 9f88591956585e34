/** An installation of the site's GitHub App on an account (an organization or a user). */
export interface GithubAppInstallation {
  /** GitHub's numeric installation id. */
  readonly id: number
  /** The account's login, e.g. `acme`. */
  readonly accountLogin: string
  /** `Organization` or `User`, as GitHub names the account's kind. */
  readonly accountType: string
  readonly htmlUrl: string
  readonly avatarUrl: string
}

/**
 * The site's GitHub App (configured by the operator): lists its installations and mints
 * installation access tokens, short-lived credentials for git over HTTP. Raises `not_found` for an
 * installation the app does not have, `invalid` when GitHub refuses the app's own credentials and
 * `unavailable` when the GitHub API cannot be reached.
 */
export interface GithubApp {
  /** The web and git base address of the GitHub the app lives on, e.g. `https://github.com`. */
  readonly webUrl: string
  installations(): Promise<GithubAppInstallation[]>
  /** A token valid for a while yet (cached until shortly before it expires); never logged or shown. */
  installationToken(installationId: number): Promise<string>
}
