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
  /** What the answers kept may weigh (estimated heap: twice their JSON); the least recently used go first. */
  readonly cacheMaxBytes: number
}

/** What the answers' cache did and holds, for metrics: a question sharing another's request in flight is a hit. */
export interface UpstreamCacheTally {
  readonly hits: number
  readonly misses: number
  /** Answers let go to stay under `cacheMaxBytes`. */
  readonly evictions: number
  readonly bytes: number
  readonly maxBytes: number
}

/** V8 heap per character of an answer's JSON, as for the server's other caches. */
const HEAP_BYTES_PER_JSON_CHAR = 2

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
  readonly #counts = { hits: 0, misses: 0, evictions: 0 }
  #modulesUrl: Promise<URL> | undefined

  constructor(options: HttpUpstreamRegistryOptions) {
    this.#options = options
    this.#cache = new LRUCache<string, object, Parse>({
      maxSize: options.cacheMaxBytes,
      sizeCalculation: (answer, path) => (path.length + JSON.stringify(answer).length) * HEAP_BYTES_PER_JSON_CHAR,
      ttl: options.cacheTtlMs,
      dispose: (_answer, _path, reason) => {
        if (reason === 'evict') this.#counts.evictions += 1
      },
      // A question still in flight when its entry is evicted gets its answer all the same.
      ignoreFetchAbort: true,
      fetchMethod: async (path, _stale, { context: parse }) => parse(await this.#fetchJson(new URL(path, await this.#modules()))),
    })
  }

  /** The cache's counts and size now. */
  get cacheTally(): UpstreamCacheTally {
    return { ...this.#counts, bytes: this.#cache.calculatedSize, maxBytes: this.#options.cacheMaxBytes }
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
      if (status.fetch === 'hit' || status.fetch === 'inflight') this.#counts.hits += 1
      else this.#counts.misses += 1
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
