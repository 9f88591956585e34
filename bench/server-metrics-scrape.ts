import { send } from './http-client.ts'

/** The bearer token the benchmark's servers serve `/metrics` with (`CAIRN_METRICS_TOKEN`). */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789'

/** The samples of a server's `/metrics` whose names start with one of `prefixes`, by series (`name{labels}`). */
export async function scrapeMetrics(url: string, prefixes: readonly string[]): Promise<Record<string, number>> {
  const reply = await send('GET', `${url}/metrics`, { token: BENCH_METRICS_TOKEN })
  if (reply.status !== 200) throw new Error(`/metrics answered ${reply.status}`)
  const samples: Record<string, number> = {}
  for (const line of reply.text.split('\n')) {
    if (line.startsWith('#') || !prefixes.some((prefix) => line.startsWith(prefix))) continue
    const space = line.lastIndexOf(' ')
    samples[line.slice(0, space)] = Number(line.slice(space + 1))
  }
  return samples
}
