import { expect, vi } from 'vitest'

const JSON_API = 'application/vnd.api+json'
const MODULES = '/api/v2/organizations/acme/registry-modules'

/** A JSON:API document, as far as the VCS publishing tests read one. */
export interface Doc {
  data: { id: string; attributes: Record<string, unknown>; relationships?: Record<string, { data: { id: string }[] }> }
  errors?: { status: string; source?: { pointer?: string }; detail?: string }[]
}

/** Organization acme's VCS publishing on a Cairn server, as its owner drives it through the API. */
export class VcsPublishingApi {
  private readonly url: string
  private readonly token: string
  /** The OAuth token of the connection `connect` made, which every `publish` names. */
  private tokenId = ''

  constructor(url: string, token: string) {
    this.url = url
    this.token = token
  }

  /** Sends a JSON:API request; answers its status, headers and document, whatever the status. */
  async api(method: string, path: string, body?: unknown): Promise<{ status: number; headers: Headers; body: Doc }> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${this.token}`, 'Content-Type': JSON_API },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
    const text = await response.text()
    return { status: response.status, headers: response.headers, body: (text === '' ? {} : JSON.parse(text)) as Doc }
  }

  /** Connects acme to the GitHub-like host at `httpUrl` with `credential`; answers the connection's OAuth token id. */
  async connect(httpUrl: string, credential: string): Promise<string> {
    const client = await this.api('POST', '/api/v2/organizations/acme/oauth-clients', {
      data: { type: 'oauth-clients', attributes: { 'service-provider': 'github', 'http-url': httpUrl, 'oauth-token-string': credential } },
    })
    this.tokenId = client.body.data.relationships?.['oauth-tokens']?.data[0]?.id ?? ''
    return this.tokenId
  }

  /** The OAuth client that OAuth token `id` belongs to. */
  async connectionOf(id: string): Promise<{ id: string }> {
    const { body } = await this.api('GET', `/api/v2/oauth-tokens/${id}`)
    return body.data.relationships?.['oauth-client']?.data as unknown as { id: string }
  }

  /** Publishes a module from `vcsRepo` through the connection, by default at the organization's VCS route. */
  publish(vcsRepo: Record<string, unknown>, attributes: Record<string, unknown> = {}, path = `${MODULES}/vcs`) {
    return this.api('POST', path, {
      data: { type: 'registry-modules', attributes: { ...attributes, 'vcs-repo': { 'oauth-token-id': this.tokenId, ...vcsRepo } } },
    })
  }

  /** The module's version statuses once every one has settled (and, given `count`, there are that many). */
  async statusesOf(name: string, provider = 'aws', count?: number): Promise<unknown[]> {
    let statuses: unknown[] = []
    await vi.waitFor(
      async () => {
        const { body } = await this.api('GET', `${MODULES}/private/acme/${name}/${provider}`)
        statuses = body.data.attributes['version-statuses'] as { status: string }[]
        if (count !== undefined) expect(statuses).toHaveLength(count)
        for (const status of statuses as { status: string }[]) expect(['ok', 'reg_ingress_failed', 'clone_failed']).toContain(status.status)
      },
      { timeout: 30_000, interval: 200 },
    )
    return statuses
  }
}
