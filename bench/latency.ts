import { send } from './http-client.ts'
import { summarize, type Summary } from './stats.ts'

/**
 * The latency of one request repeated one at a time over a kept-alive connection: the bare
 * endpoint that every other figure is divided by. Warm-up requests are not counted.
 */
export async function sequentialLatency(url: string, requests = 2000, warmup = 300, token?: string): Promise<Summary> {
  const options = token === undefined ? {} : { token }
  const once = async (): Promise<number> => {
    const start = performance.now()
    const reply = await send('GET', url, options)
    const elapsed = performance.now() - start
    if (reply.status >= 300) throw new Error(`GET ${url}: ${reply.status} ${reply.text.slice(0, 200)}`)
    return elapsed
  }
  for (let i = 0; i < warmup; i++) await once()
  const timings: number[] = []
  for (let i = 0; i < requests; i++) timings.push(await once())
  return summarize(timings)
}
