import { untilSettled } from '@cairn/testing'
import { expect } from 'vitest'
import { httpsRequest } from './https-client.ts'
import { latestStatusOf, type VersionDocument } from './registry-client.ts'

const JSON_API = 'application/vnd.api+json'

/** One organization's generic-provider modules on a Cairn server reached over HTTPS with a test CA. */
export class HttpsModuleApi {
  private readonly url: string
  private readonly ca: Buffer
  private readonly token: string
  private readonly org: string

  constructor(url: string, ca: Buffer, token: string, org: string) {
    this.url = url
    this.ca = ca
    this.token = token
    this.org = org
  }

  /** Sends a JSON:API request; throws unless it succeeds, answers its JSON body, if any. */
  async call(method: string, path: string, body?: unknown): Promise<unknown> {
    const answer = await httpsRequest(`${this.url}${path}`, {
      ca: this.ca,
      method,
      headers: { Authorization: `Bearer ${this.token}`, 'Content-Type': JSON_API },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.body.toString()}`)
    return answer.body.length === 0 ? undefined : JSON.parse(answer.body.toString())
  }

  /** `version` of module `name`, read; undefined while it does not exist (a tag sync has yet to add it). */
  async versionOf(name: string, version: string): Promise<VersionDocument | undefined> {
    const path = `/api/v2/organizations/${this.org}/registry-modules/private/${this.org}/${name}/generic/version?module_version=${version}`
    const answer = await httpsRequest(`${this.url}${path}`, { ca: this.ca, headers: { Authorization: `Bearer ${this.token}` } })
    if (answer.status === 404) return undefined
    if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${answer.body.toString()}`)
    return JSON.parse(answer.body.toString()) as VersionDocument
  }

  /** `version` of module `name` once it exists and `statusOf` it has settled (by default, its latest attempt). */
  async settled(name: string, version: string, statusOf = latestStatusOf): Promise<VersionDocument> {
    const document = await untilSettled(
      () => this.versionOf(name, version),
      (read) => (read === undefined ? 'pending' : statusOf(read)),
      30_000,
    )
    if (document === undefined) throw new Error(`no version ${version} of ${name}`)
    return document
  }

  /** The versions the registry protocol lists for module `name`. */
  async listed(name: string): Promise<string[]> {
    const answer = (await this.call('GET', `/api/registry/v1/modules/${this.org}/${name}/generic/versions`)) as {
      modules: { versions: { version: string }[] }[]
    }
    return (answer.modules[0]?.versions ?? []).map(({ version }) => version).sort()
  }

  /** The archive a CLI downloads for `version`: the protocol's `X-Terraform-Get`, followed. */
  async downloaded(name: string, version: string): Promise<Buffer> {
    const answer = await httpsRequest(`${this.url}/api/registry/v1/modules/${this.org}/${name}/generic/${version}/download`, {
      ca: this.ca,
      headers: { Authorization: `Bearer ${this.token}` },
    })
    expect(answer.status).toBe(204)
    const archive = await httpsRequest(String(answer.headers['x-terraform-get']), { ca: this.ca })
    expect(archive.status).toBe(200)
    return archive.body
  }
}
