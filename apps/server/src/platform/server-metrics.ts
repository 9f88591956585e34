import type { ServedRequest } from '@cairn/http'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { CacheTally } from './cache-tally.ts'

/** The in-memory caches, as the `cache` label names them. */
export type CacheName = 'credentials' | 'access' | 'protocol' | 'providers' | 'upstream' | 'origins' | 'mirror' | 'packages' | 'answers'

const LATENCY_METRIC = 'cairn_http_request_duration_seconds'

/** Request latency buckets, in seconds: cached reads take milliseconds, uploads seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

/**
 * This process's Prometheus metrics: requests by route template and status with their latency,
 * lookups in the in-memory caches (their hit ratios), and the process's own (memory, CPU, event loop, GC).
 * Each process has its own registry; Prometheus adds the processes of a deployment up.
 */
export class ServerMetrics {
  readonly #registry = new Registry()
  readonly #latency = new Histogram({
    name: LATENCY_METRIC,
    help: 'Time until the response started, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.#registry],
  })
  /** How to read each cache's own counts, when the metrics are scraped (see `CacheTally`). */
  readonly #caches = new Map<CacheName, () => CacheTally>()

  constructor() {
    collectDefaultMetrics({ register: this.#registry })
    const latency = this.#latency
    // Each request is counted once, by the latency histogram; the counter copies the histogram's
    // counts when it is scraped: a labelled increment per request hashed its labels a second time.
    new Counter({
      name: 'cairn_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [this.#registry],
      async collect() {
        const { values } = await latency.get()
        // Reset and filled in one go, with no wait between: two scrapes at once would add twice.
        this.reset()
        for (const { metricName, labels, value } of values) {
          if (metricName === `${LATENCY_METRIC}_count`) this.inc(labels, value)
        }
      },
    })
    this.#cacheMetrics()
  }

  /**
   * Per cache: lookups by result, evictions, and the bytes held against the bound, copied from
   * the caches' tallies when scraped. `reset` and the copy happen with no wait between: two
   * scrapes at once would otherwise add twice.
   */
  #cacheMetrics(): void {
    const caches = this.#caches
    const registers = [this.#registry]
    const labelNames = ['cache'] as const
    new Counter({
      name: 'cairn_cache_lookups_total',
      help: 'Lookups in an in-memory cache (credentials: tokens and sessions; access: rights in organizations; protocol: the module registry protocol; providers: the provider registry protocol; answers: rendered reads; upstream: the public registry), by result (hit or miss)',
      labelNames: ['cache', 'result'] as const,
      registers,
      collect() {
        this.reset()
        for (const [cache, read] of caches) {
          const tally = read()
          this.inc({ cache, result: 'hit' }, tally.hits)
          this.inc({ cache, result: 'miss' }, tally.misses)
        }
      },
    })
    new Counter({
      name: 'cairn_cache_evictions_total',
      help: 'Entries an in-memory cache let go to stay under its bound in bytes (not those expired or cleared by a write)',
      labelNames,
      registers,
      collect() {
        this.reset()
        for (const [cache, read] of caches) this.inc({ cache }, read().evictions)
      },
    })
    new Gauge({
      name: 'cairn_cache_bytes',
      help: 'What the entries of an in-memory cache weigh now (estimated heap, or the bytes of rendered answers)',
      labelNames,
      registers,
      collect() {
        for (const [cache, read] of caches) this.set({ cache }, read().bytes)
      },
    })
    new Gauge({
      name: 'cairn_cache_max_bytes',
      help: 'The bound of an in-memory cache, its share of CAIRN_CACHE_MAX_MIB (cacheMaxBytes)',
      labelNames,
      registers,
      collect() {
        for (const [cache, read] of caches) this.set({ cache }, read().maxBytes)
      },
    })
  }

  /** Reports the tally `read` gives of `cache` from now on; the cache counts, this only reads. */
  watchCache(cache: CacheName, read: () => CacheTally): void {
    this.#caches.set(cache, read)
  }

  /** A cache that is its own tally, reported from now on and handed back. */
  watched<C extends CacheTally>(cache: CacheName, tally: C): C {
    this.watchCache(cache, () => tally)
    return tally
  }

  observeRequest(request: ServedRequest): void {
    this.#latency.observe({ method: request.method, route: request.route, status: String(request.status) }, request.durationMs / 1000)
  }

  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.#registry.contentType, body: await this.#registry.metrics() }
  }
}
