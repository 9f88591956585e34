import { CairnError, type GithubApp, type GithubAppInstallation } from '@cairn/core'
import { createPrivateKey, type KeyObject } from 'node:crypto'

export interface GithubAppClientOptions {
  /** The app's id (GitHub's "App ID"), the JWT's issuer. */
  readonly appId: string
  /** The app's private key, PEM (PKCS#1 as GitHub hands it out, or PKCS#8). */
  readonly privateKey: string
  /** The GitHub REST API, e.g. `https://api.github.com` or `https://ghe.example.com/api/v3`. */
  readonly apiUrl: string
  /** Where repositories are, over git smart HTTP, e.g. `https://github.com`. */
  readonly webUrl: string
  /** A cached installation token is replaced this long before its `expires_at`. Default 5 minutes. */
  readonly refreshBeforeExpiryMs?: number
  /** How long the list of installations is reused before GitHub is asked again. Default a minute. */
  readonly installationsTtlMs?: number
  readonly timeoutMs?: number
}

/** GitHub's app JWTs may live 10 minutes; a minute of slack either side for clock drift. */
const JWT_LIFETIME_SECONDS = 9 * 60
const CLOCK_DRIFT_SECONDS = 60
const PAGE_SIZE = 100

interface CachedToken {
  readonly token: string
  readonly expiresAt: number
}

interface CachedInstallations {
  readonly installations: Promise<GithubAppInstallation[]>
  readonly until: number
}

interface InstallationJson {
  readonly id: number
  readonly html_url?: string
  readonly account?: { readonly login?: string; readonly type?: string; readonly avatar_url?: string } | null
}

/**
 * The site's GitHub App over GitHub's REST API: authenticates as the app with an RS256 JWT signed
 * by its private key, lists its installations and mints installation access tokens, each cached
 * until shortly before it expires. GitHub rate-limits the app, so the list is reused for a minute
 * and concurrent callers share one request (a list, or one installation's token) in flight.
 * Tokens and the key never appear in messages.
 */
export class GithubAppClient implements GithubApp {
  readonly webUrl: string
  readonly #apiUrl: string
  readonly #options: GithubAppClientOptions
  readonly #key: KeyObject
  readonly #tokens = new Map<number, CachedToken>()
  readonly #minting = new Map<number, Promise<string>>()
  #installations: CachedInstallations | null = null

  constructor(options: GithubAppClientOptions) {
    this.#options = options
    this.#key = createPrivateKey(options.privateKey)
    this.webUrl = withoutTrailingSlashes(options.webUrl)
    this.#apiUrl = withoutTrailingSlashes(options.apiUrl)
  }

  installations(): Promise<GithubAppInstallation[]> {
    const cached = this.#installations
    if (cached !== null && cached.until > Date.now()) return cached.installations
    const installations = this.#listInstallations()
    const entry = { installations, until: Date.now() + (this.#options.installationsTtlMs ?? 60_000) }
    this.#installations = entry
    // A failure is not kept: the next caller asks GitHub again.
    installations.catch(() => {
      if (this.#installations === entry) this.#installations = null
    })
    return installations
  }

  installationToken(installationId: number): Promise<string> {
    const cached = this.#tokens.get(installationId)
    if (cached !== undefined && cached.expiresAt - (this.#options.refreshBeforeExpiryMs ?? 5 * 60_000) > Date.now())
      return Promise.resolve(cached.token)
    const inFlight = this.#minting.get(installationId)
    if (inFlight !== undefined) return inFlight
    const minting = this.#mint(installationId).finally(() => this.#minting.delete(installationId))
    this.#minting.set(installationId, minting)
    return minting
  }

  async #listInstallations(): Promise<GithubAppInstallation[]> {
    const installations: GithubAppInstallation[] = []
    for (let page = 1; ; page += 1) {
      const response = await this.#call('GET', `/app/installations?per_page=${PAGE_SIZE}&page=${page}`)
      if (response.status === 401 || response.status === 403) throw new CairnError('invalid', "GitHub refused the GitHub App's credentials")
      const batch = (await this.#json(response)) as InstallationJson[]
      installations.push(...batch.map(installationOf))
      if (batch.length < PAGE_SIZE) return installations
    }
  }

  async #mint(installationId: number): Promise<string> {
    const response = await this.#call('POST', `/app/installations/${installationId}/access_tokens`)
    if (response.status === 404) throw CairnError.notFound(`installation ${installationId} of the GitHub App`)
    if (response.status === 401 || response.status === 403) throw new CairnError('invalid', "GitHub refused the GitHub App's credentials")
    const body = (await this.#json(response)) as { token?: unknown; expires_at?: unknown }
    const expiresAt = typeof body.expires_at === 'string' ? Date.parse(body.expires_at) : Number.NaN
    if (typeof body.token !== 'string' || Number.isNaN(expiresAt))
      throw new CairnError('unavailable', 'the GitHub API answered an installation token without token or expires_at')
    this.#tokens.set(installationId, { token: body.token, expiresAt })
    return body.token
  }

  async #call(method: string, path: string): Promise<Response> {
    const url = `${this.#apiUrl}${path}`
    try {
      return await fetch(url, {
        method,
        headers: {
          Accept: 'application/vnd.github+json',
          Authorization: `Bearer ${await this.#jwt()}`,
          'User-Agent': 'cairn',
          'X-GitHub-Api-Version': '2022-11-28',
        },
        signal: AbortSignal.timeout(this.#options.timeoutMs ?? 10_000),
      })
    } catch (error) {
      const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)
      throw new CairnError('unavailable', `cannot reach the GitHub API at ${this.#options.apiUrl}: ${reason}`, [], { cause: error })
    }
  }

  async #json(response: Response): Promise<unknown> {
    if (!response.ok) throw new CairnError('unavailable', `the GitHub API answered ${response.status} to ${new URL(response.url).pathname}`)
    return response.json()
  }

  /** A fresh app JWT per call: cheap, and never stale. jose loads at the first, not with Cairn. */
  async #jwt(): Promise<string> {
    const { SignJWT } = await import('jose')
    const now = Math.floor(Date.now() / 1000)
    return new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(this.#options.appId)
      .setIssuedAt(now - CLOCK_DRIFT_SECONDS)
      .setExpirationTime(now + JWT_LIFETIME_SECONDS)
      .sign(this.#key)
  }
}

function withoutTrailingSlashes(url: string): string {
  return url.replace(/\/+$/, '')
}

function installationOf(json: InstallationJson): GithubAppInstallation {
  return {
    id: json.id,
    accountLogin: json.account?.login ?? '',
    accountType: json.account?.type ?? 'Organization',
    htmlUrl: json.html_url ?? '',
    avatarUrl: json.account?.avatar_url ?? '',
  }
}
