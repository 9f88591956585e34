import {
  CairnError,
  type UpstreamModuleAddress,
  type UpstreamModuleDetail,
  type UpstreamRegistry,
  type UpstreamVersions,
} from '@cairn/core'
import { LRUCache } from 'lru-cache'
import { modulesService, parseModuleDetail, parseVersions } from './protocol-shapes.ts'
import { translateError } from './translate-error.ts'

/** The registry used when no other is configured. */
export const PUBLIC_TERRAFORM_REGISTRY = 'https://registry.terraform.io'

export interface HttpUpstreamRegistryOptions {
  /** The registry's host; its `modules.v1` service is found through service discovery. */
  readonly url: URL
  /** How long one request (discovery included) may take, body and all. */
  readonly timeoutMs: number
  /** How long an answer is reused before the registry is asked again. */
  readonly cacheTtlMs: number
  /** How many answers are kept; the least recently used go first. */
  readonly cacheMaxEntries: number
  /** Hears whether each question was answered without a new request to the registry (for metrics). */
  readonly onCacheLookup?: (hit: boolean) => void
}

/** The parser that checks an answer; it travels with a cache fetch so only good answers are kept. */
type Parse = (body: unknown) => object

/**
 * A public registry reached over HTTP with the registry protocol (see `UpstreamRegistry` for
 * the guarantees). Good answers are kept in a bounded LRU cache; errors are not. Concurrent
 * questions about the same thing share one request.
 */
export class HttpUpstreamRegistry implements UpstreamRegistry {
  readonly #options: HttpUpstreamRegistryOptions
  readonly #cache: LRUCache<string, object, Parse>
  #modulesUrl: Promise<URL> | undefined

  constructor(options: HttpUpstreamRegistryOptions) {
    this.#options = options
    this.#cache = new LRUCache<string, object, Parse>({
      max: options.cacheMaxEntries,
      ttl: options.cacheTtlMs,
      // A question still in flight when its entry is evicted gets its answer all the same.
      ignoreFetchAbort: true,
      fetchMethod: async (path, _stale, { context: parse }) => parse(await this.#fetchJson(new URL(path, await this.#modules()))),
    })
  }

  async versions(address: UpstreamModuleAddress): Promise<UpstreamVersions> {
    return parseVersions(await this.#get(`${modulePath(address)}/versions`, parseVersions))
  }

  async moduleVersion(address: UpstreamModuleAddress, version: string): Promise<UpstreamModuleDetail> {
    return parseModuleDetail(await this.#get(`${modulePath(address)}/${encodeURIComponent(version)}`, parseModuleDetail))
  }

  async latest(address: UpstreamModuleAddress): Promise<UpstreamModuleDetail> {
    return parseModuleDetail(await this.#get(modulePath(address), parseModuleDetail))
  }

  async #get(path: string, parse: Parse): Promise<unknown> {
    const status: LRUCache.Status<string, object, Parse> = {}
    try {
      return await this.#cache.fetch(path, { context: parse, status })
    } finally {
      // A question sharing another's request in flight costs the registry nothing either.
      this.#options.onCacheLookup?.(status.fetch === 'hit' || status.fetch === 'inflight')
    }
  }

  /** The `modules.v1` base URL from discovery, asked once; a failed discovery is asked again next time. */
  #modules(): Promise<URL> {
    this.#modulesUrl ??= this.#discover().catch((error: unknown) => {
      this.#modulesUrl = undefined
      throw error
    })
    return this.#modulesUrl
  }

  async #discover(): Promise<URL> {
    const discoveryUrl = new URL('/.well-known/terraform.json', this.#options.url)
    const missing = () => new CairnError('upstream_failed', `${discoveryUrl.origin} offers no registry services`)
    const service = modulesService(await this.#fetchJson(discoveryUrl, missing))
    if (service === undefined) throw missing()
    // As the CLI does: relative to the discovery document, always ending in a slash.
    const modules = new URL(service, discoveryUrl)
    if (!modules.pathname.endsWith('/')) modules.pathname += '/'
    return modules
  }

  async #fetchJson(url: URL, missing = () => CairnError.notFound('module')): Promise<unknown> {
    try {
      const response = await fetch(url, {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(this.#options.timeoutMs),
      })
      if (!response.ok) {
        await response.body?.cancel()
        if (response.status === 404) throw missing()
        throw new CairnError('upstream_failed', `the public registry at ${url.origin} answered ${response.status} for ${url.pathname}`)
      }
      return await response.json()
    } catch (error) {
      throw translateError(error, url)
    }
  }
}

function modulePath(address: UpstreamModuleAddress): string {
  return [address.namespace, address.name, address.provider].map(encodeURIComponent).join('/')
}
