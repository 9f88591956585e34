import { collect, fixtureModule, packDirectory } from '@cairn/test-fixtures'
import { untilSettled } from '@cairn/testing'
import { Readable } from 'node:stream'

const JSON_API = 'application/vnd.api+json'

/** The archive every published version gets: the network fixture module, packed once. */
export const FIXTURE_ARCHIVE = await collect(packDirectory(fixtureModule('network')))

/** PUTs `archive` to a signed upload link; throws unless it is taken. */
export async function uploadArchive(link: string, archive: Uint8Array): Promise<void> {
  const response = await fetch(link, {
    method: 'PUT',
    body: Readable.from([archive]) as unknown as BodyInit,
    duplex: 'half',
  } as RequestInit)
  if (response.status !== 200) throw new Error(`upload: ${response.status} ${await response.text()}`)
}

/** The latest attempt at a new archive, while it is under way or failed, as a version document shows it. */
export interface AttemptAttributes {
  status: string
  error: string | null
  'commit-sha': string | null
  'started-by': string
  at: string
}

/** A registry-module-versions document, as far as tests read it. */
export interface VersionDocument {
  data: {
    id: string
    attributes: {
      status: string
      error: string | null
      'archive-sha256'?: string
      'commit-sha': string | null
      attempt: AttemptAttributes | null
    }
    links: { upload?: string }
  }
}

/** Where a version document's latest attempt stands: its `attempt`'s status while it has one, else the version's. */
export function latestStatusOf({ data: { attributes } }: VersionDocument): string {
  return attributes.attempt?.status ?? attributes.status
}

/** A client of one Cairn server, for tests that drive real server processes through the API. */
export class RegistryClient {
  readonly url: string

  constructor(url: string) {
    this.url = url
  }

  /** Sends a request and answers the response, whatever its status. */
  request(method: string, path: string, options: { token?: string; cookie?: string; body?: unknown } = {}): Promise<Response> {
    const headers: Record<string, string> = { Accept: JSON_API }
    if (options.token !== undefined) headers['Authorization'] = `Bearer ${options.token}`
    if (options.cookie !== undefined) Object.assign(headers, { Cookie: options.cookie, Origin: new URL(this.url).origin })
    if (options.body !== undefined) headers['Content-Type'] = JSON_API
    return fetch(`${this.url}${path}`, { method, headers, ...(options.body !== undefined && { body: JSON.stringify(options.body) }) })
  }

  /** Like `request`, but throws unless the answer is a success; answers its JSON body, if any. */
  async call<T = unknown>(method: string, path: string, options: { token?: string; cookie?: string; body?: unknown } = {}): Promise<T> {
    const response = await this.request(method, path, options)
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
    const text = await response.text()
    return (text === '' ? undefined : JSON.parse(text)) as T
  }

  /** The IACT, from loopback, and the first site admin created with it; answers the admin's token. */
  async createInitialAdmin(username: string, password: string): Promise<{ iact: string; token: string }> {
    const iact = await (await fetch(`${this.url.replace('localhost', '127.0.0.1')}/admin/retrieve-iact`)).text()
    const response = await fetch(`${this.url}/admin/initial-admin-user?token=${encodeURIComponent(iact)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, email: `${username}@example.com`, password }),
    })
    if (response.status !== 200) throw new Error(`initial admin: ${response.status} ${await response.text()}`)
    return { iact, token: ((await response.json()) as { token: string }).token }
  }

  /** A new user, made by a site admin; answers its id. */
  async createUser(adminToken: string, username: string): Promise<string> {
    const user = await this.call<{ data: { id: string } }>('POST', '/api/v2/admin/users', {
      token: adminToken,
      body: { data: { type: 'users', attributes: { username, email: `${username}@example.com` } } },
    })
    return user.data.id
  }

  /** A new API token of the user whose token or session cookie `credential` is. */
  async createToken(credential: { token: string } | { cookie: string }): Promise<{ token: string; tokenId: string }> {
    const account = await this.call<{ data: { id: string } }>('GET', '/api/v2/account/details', credential)
    const created = await this.call<{ data: { id: string; attributes: { token: string } } }>(
      'POST',
      `/api/v2/users/${account.data.id}/authentication-tokens`,
      {
        ...credential,
        body: { data: { type: 'authentication-tokens', attributes: { description: 'test' } } },
      },
    )
    return { token: created.data.attributes.token, tokenId: created.data.id }
  }

  /** An impersonation session of `userId` started by a site admin: the `Cookie` header value. */
  async impersonate(adminToken: string, userId: string): Promise<string> {
    const response = await this.request('POST', `/api/v2/admin/users/${userId}/actions/impersonate`, {
      token: adminToken,
      body: { reason: 'support ticket' },
    })
    if (response.status !== 204) throw new Error(`impersonate: ${response.status} ${await response.text()}`)
    return (response.headers.get('Set-Cookie') ?? '').split(';')[0] ?? ''
  }

  /** Creates organization `org` with module `network`/`aws` in it (the caller becomes its owner). */
  async createModule(token: string, org: string): Promise<void> {
    await this.call('POST', '/api/v2/organizations', {
      token,
      body: { data: { type: 'organizations', attributes: { name: org, email: `${org}@example.com` } } },
    })
    await this.call('POST', `/api/v2/organizations/${org}/registry-modules`, {
      token,
      body: { data: { type: 'registry-modules', attributes: { name: 'network', provider: 'aws' } } },
    })
  }

  /** Creates `version` of `org`'s network module; answers its upload link. */
  async createVersion(token: string, org: string, version: string): Promise<string> {
    const created = await this.call<{ data: { links: { upload: string } } }>(
      'POST',
      `/api/v2/organizations/${org}/registry-modules/private/${org}/network/aws/versions`,
      { token, body: { data: { type: 'registry-module-versions', attributes: { version } } } },
    )
    return created.data.links.upload
  }

  /** Creates `version` of `org`'s network module and uploads the fixture archive; answers the upload link once the version is `ok`. */
  async publishVersion(token: string, org: string, version: string): Promise<string> {
    const upload = await this.createVersion(token, org, version)
    await uploadArchive(upload, FIXTURE_ARCHIVE)
    const settled = await this.settledVersion(token, org, version)
    if (settled.data.attributes.status !== 'ok') throw new Error(`version ${version} ended ${JSON.stringify(settled.data.attributes)}`)
    return upload
  }

  /**
   * `version` of `org`'s network module once its latest upload has been analysed: `ok`, or
   * `reg_ingress_failed` (on the version, or on its attempt beside the archive it still serves).
   */
  settledVersion(token: string, org: string, version: string): Promise<VersionDocument> {
    const path = `/api/v2/organizations/${org}/registry-modules/private/${org}/network/aws/version?module_version=${version}`
    return untilSettled(() => this.call<VersionDocument>('GET', path, { token }), latestStatusOf)
  }

  /** The registry protocol's signed archive link for `version` (what `X-Terraform-Get` says). */
  async downloadLink(token: string, org: string, version: string): Promise<string> {
    const response = await this.request('GET', `/api/registry/v1/modules/${org}/network/aws/${version}/download`, { token })
    if (response.status !== 204) throw new Error(`download: ${response.status} ${await response.text()}`)
    return response.headers.get('X-Terraform-Get') ?? ''
  }
}
