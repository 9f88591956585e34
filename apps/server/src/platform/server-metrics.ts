import type { ServedRequest } from '@cairn/http'
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client'

/** The caches whose lookups are counted. */
type CacheName = 'credentials' | 'access' | 'protocol' | 'providers' | 'upstream' | 'answers'

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
  /**
   * Lookups counted as plain numbers and handed to prom-client when it is scraped: a request looks
   * up two or three caches, and a labelled increment hashes its labels each time.
   */
  readonly #lookups = new Map<CacheName, { hit: number; miss: number }>()

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
    const lookups = this.#lookups
    new Counter({
      name: 'cairn_cache_lookups_total',
      help: 'Lookups in an in-memory cache (credentials: tokens and sessions; access: rights in organizations; protocol: the registry protocol; answers: rendered reads; upstream: the public registry), by result (hit or miss)',
      labelNames: ['cache', 'result'] as const,
      registers: [this.#registry],
      collect() {
        this.reset()
        for (const [cache, counts] of lookups) {
          this.inc({ cache, result: 'hit' }, counts.hit)
          this.inc({ cache, result: 'miss' }, counts.miss)
        }
      },
    })
  }

  observeRequest(request: ServedRequest): void {
    this.#latency.observe({ method: request.method, route: request.route, status: String(request.status) }, request.durationMs / 1000)
  }

  observeCacheLookup(cache: CacheName, hit: boolean): void {
    let counts = this.#lookups.get(cache)
    if (counts === undefined) this.#lookups.set(cache, (counts = { hit: 0, miss: 0 }))
    if (hit) counts.hit += 1
    else counts.miss += 1
  }

  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.#registry.contentType, body: await this.#registry.metrics() }
  }
}
