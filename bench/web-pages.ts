import { Agent, request } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { typicalArchive } from './archives.ts'
import { createModule, createOrganization, ORGANIZATION, publishVersion } from './cairn-api.ts'
import { startCairn, type CairnProcess } from './processes.ts'
import { moduleName, scratchPostgres, seedPostgres, seedStatements, type DatasetSize } from './protocol-dataset.ts'
import { progress } from './report.ts'
import { summarize, type Summary } from './stats.ts'

export interface WebPagesResult {
  readonly size: DatasetSize
  readonly bare: Summary
  readonly pages: readonly { readonly name: string; readonly ttfb: Summary; readonly bytes: number; readonly ratioToBare: number }[]
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 })

/** Time to the first byte of the response (its status line and headers), draining the body after. */
function timeToFirstByte(url: string, cookie?: string): Promise<{ ms: number; status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now()
    const headers = { accept: 'text/html', ...(cookie !== undefined && { cookie }) }
    const req = request(url, { headers, agent }, (res) => {
      const ms = performance.now() - start
      let bytes = 0
      res.on('data', (chunk: Buffer) => (bytes += chunk.length))
      res.on('end', () => resolve({ ms, status: res.statusCode ?? 0, bytes }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

async function sequential(url: () => string, plan: { requests: number; warmup: number }, cookie?: string) {
  const timings: number[] = []
  let bytes = 0
  for (let i = 0; i < plan.warmup + plan.requests; i++) {
    const target = url()
    const reply = await timeToFirstByte(target, cookie)
    if (reply.status >= 300) throw new Error(`GET ${target}: ${reply.status}`)
    if (i >= plan.warmup) {
      timings.push(reply.ms)
      bytes = Math.max(bytes, reply.bytes)
    }
  }
  return { ttfb: summarize(timings), bytes }
}

/** Signs in through the sign-in form with the benchmark's token; answers the cookies a browser would send. */
async function signIn(cairn: CairnProcess): Promise<string> {
  const form = await fetch(`${cairn.url}/app/sign-in`)
  const csrf = /cairn_csrf=([^;]+)/.exec(form.headers.get('set-cookie') ?? '')?.[1] ?? ''
  const body = new URLSearchParams({ _csrf: csrf, token: cairn.token, next: '/app/' })
  const answer = await fetch(`${cairn.url}/app/sign-in`, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { cookie: `cairn_csrf=${csrf}`, origin: cairn.url },
  })
  const session = /cairn_session=([^;]+)/.exec(answer.headers.get('set-cookie') ?? '')?.[1]
  if (session === undefined) throw new Error(`web sign-in answered ${answer.status}`)
  return `cairn_csrf=${csrf}; cairn_session=${session}`
}

/**
 * The web UI's module list and module page, one request at a time, on PostgreSQL with
 * `size.modules` modules of `size.versionsPerModule` ok versions: time to first byte against the
 * bare endpoint's, measured just before in the same run.
 */
export async function benchWebPages(
  bareUrl: string,
  plan: { readonly size: DatasetSize; readonly requests: number; readonly warmup: number },
): Promise<WebPagesResult> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cairn-bench-web-'))
  const postgres = await scratchPostgres()
  let cairn: CairnProcess | undefined
  try {
    cairn = await startCairn({ dataDir, env: { DATABASE_URL: postgres.url } })
    await createOrganization(cairn)
    await publishVersion(cairn, await createModule(cairn, 'template'), '0.0.1', (await typicalArchive()).bytes)
    progress(`seeding ${plan.size.modules} modules × ${plan.size.versionsPerModule} versions on postgres for the web pages`)
    await seedPostgres(postgres.url, seedStatements(ORGANIZATION, plan.size))
    const cookie = await signIn(cairn)
    const counts = { requests: plan.requests, warmup: plan.warmup }
    const bare = (await sequential(() => `${bareUrl}/`, counts)).ttfb
    const base = `${cairn.url}/app/${ORGANIZATION}`
    const pick = () => moduleName(Math.floor(Math.random() * plan.size.modules))
    const loads = [
      ['module list, first page', () => base],
      ['module list, recently published', () => `${base}?sort=recently-published`],
      ['module list, searched', () => `${base}?q=${pick().slice(0, 4)}`],
      ['module page, latest version', () => `${base}/${pick()}/aws`],
      [
        'module page, a chosen version',
        () => `${base}/${pick()}/aws?version=1.${Math.floor(Math.random() * plan.size.versionsPerModule)}.0`,
      ],
    ] as const
    const pages = []
    for (const [name, url] of loads) {
      progress(`web: ${name}`)
      const { ttfb, bytes } = await sequential(url, counts, cookie)
      pages.push({ name, ttfb, bytes, ratioToBare: ttfb.median / bare.median })
    }
    return { size: plan.size, bare, pages }
  } finally {
    agent.destroy()
    await cairn?.stop()
    await postgres.drop()
    await rm(dataDir, { recursive: true, force: true })
  }
}
