import type { CacheName } from './server-metrics.ts'

const MiB = 1024 * 1024

/**
 * What every in-memory cache of a process may hold together, by default (`CAIRN_CACHE_MAX_MIB`,
 * `cacheMaxBytes`): a fraction of a small machine's memory however many modules, tokens and pages
 * are asked, since a miss costs one indexed statement. A pipeline's hot set of module providers
 * (some 1,300 of 10 typical versions) fits in the protocol's half.
 */
export const DEFAULT_CACHE_MAX_BYTES = 64 * MiB

/**
 * Each cache's share of the total. The protocol answers every `init` of every pipeline and its
 * entries are the largest, so it takes half; the rendered management reads live 5 s; tokens and
 * organization rights are small entries asked on every request; the public registry's answers
 * are the hosted edition's only, and share their eighth with the provider mirror: what the
 * origins offer (a pipeline's few dozen providers, a few hundred KB for the largest) and what
 * the mirror holds (a few KB a provider); the private
 * providers (a site's few dozen) share theirs with the OCI packages (about 2 KB each, so some
 * 2,000 versions pulled by digest or tag before one is read from the store again).
 */
const SHARES = {
  protocol: 0.5,
  answers: 0.125,
  providers: 0.0625,
  packages: 0.0625,
  upstream: 0.0625,
  origins: 0.03125,
  mirror: 0.03125,
  credentials: 0.0625,
  access: 0.0625,
} as const satisfies Record<CacheName, number>

/** The total split among the caches, each bound a whole number of bytes. */
export function cacheBudget(totalBytes: number): Readonly<Record<CacheName, number>> {
  const budget = {} as Record<CacheName, number>
  for (const [cache, share] of Object.entries(SHARES) as [CacheName, number][]) budget[cache] = Math.max(1, Math.floor(totalBytes * share))
  return budget
}
