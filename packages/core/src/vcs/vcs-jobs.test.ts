import { InMemoryJobQueue } from '@cairn/memory'
import { inMemoryDeps } from '@cairn/testing'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { OPERATOR } from '../auth/principal.ts'
import { CairnError } from '../errors/cairn-error.ts'
import { AnalyseUpload } from '../modules/analyse-upload.ts'
import { workUploadJobs } from '../modules/upload-jobs.ts'
import type { JobDefinition, JobQueue } from '../ports/job-queue.ts'
import type { ByteStream } from '../ports/module-analyzer.ts'
import type { VcsClient, VcsRef, VcsRemote } from '../ports/vcs-client.ts'
import { createUseCases } from '../use-cases.ts'
import { IngestVcsVersion } from './ingest-vcs-version.ts'
import { SyncVcsTags } from './sync-vcs-tags.ts'
import { createTagBasedModule } from './test-support/tag-based-module.ts'
import { queueTagSync, workVcsJobs } from './vcs-jobs.ts'

async function* bytes(text: string): ByteStream {
  yield new TextEncoder().encode(text)
}

/** The in-memory queue with the VCS jobs' definitions changed for a test (shorter timeouts). */
function adjusted(queue: InMemoryJobQueue, overrides: Partial<JobDefinition>): JobQueue {
  return {
    define: (definition) => queue.define({ ...definition, ...overrides }),
    enqueue: (...args) => queue.enqueue(...args),
    work: (name, handler) => queue.work(name, handler),
    stop: () => queue.stop(),
  }
}

describe('VCS jobs', () => {
  let deps: ReturnType<typeof inMemoryDeps>
  let queue: InMemoryJobQueue
  /** Tags per repository URL. */
  const tags = new Map<string, VcsRef[]>()
  const archived: string[] = []
  let moduleId = ''

  /**
   * A git host: commit `broken` holds no module, and `stall` never answers, until the caller's
   * signal aborts (a host sending a byte now and then, whose reply never ends).
   */
  const vcs: VcsClient = {
    refs: async (remote: VcsRemote) => ({ tags: tags.get(remote.url) ?? [], branches: [] }),
    archive: async (_remote, { commitSha }, signal) => {
      archived.push(commitSha)
      if (commitSha === 'stall') {
        await new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve(), { once: true }))
        throw new CairnError('unavailable', 'the request was aborted')
      }
      return bytes(commitSha === 'broken' ? 'bad tree' : 'tree')
    },
    latestCommits: async () => [],
  }
  const sourceOf = async ({ id }: { id: string }) => ({ remote: { url: `http://git.test/${id}.git` } })
  const acme = () => ({ id: moduleId, organizationName: 'acme' })

  async function start(overrides: Partial<JobDefinition> = {}): Promise<void> {
    const jobs = adjusted(queue, overrides)
    await workVcsJobs(jobs, {
      sync: new SyncVcsTags({ ...deps, vcs, sourceOf }),
      ingest: new IngestVcsVersion({ ...deps, jobs, vcs, sourceOf }),
    })
    // The archives a VCS ingestion stores are settled by the analysis uploads get.
    await workUploadJobs(jobs, new AnalyseUpload(deps))
  }

  beforeEach(async () => {
    deps = inMemoryDeps()
    queue = new InMemoryJobQueue()
    tags.clear()
    archived.length = 0
    moduleId = await createTagBasedModule(deps)
  })
  afterEach(() => queue.stop())

  const versionsOf = (id: string) =>
    deps.unitOfWork.run(async ({ moduleVersions }) => (await moduleVersions.versionsOf([id])).get(id) ?? [])
  const statuses = async (id = moduleId) => (await versionsOf(id)).map((v) => `${v.version}:${v.status}`).sort()

  /** A tag-based module of another organization, `globex`, with its own owner. */
  async function globexModule(): Promise<{ id: string; organizationName: string }> {
    const cases = createUseCases(deps)
    const owner = await cases.createUser.execute({ username: 'globex-owner', email: 'owner@globex.test' }, OPERATOR)
    const principal = await cases.authenticateToken.execute(
      (await cases.userTokens.create.execute({ user: { id: owner.id } }, OPERATOR)).bearer,
    )
    await cases.organizations.create({ name: 'globex', email: 'a@globex.test' }, principal)
    const { module } = await cases.registryModules.create({ organizationName: 'globex', name: 'dns', provider: 'aws' }, principal)
    await deps.unitOfWork.run(({ registryModules }) => registryModules.update({ ...module, publishingMechanism: 'git_tag' }))
    return { id: module.id, organizationName: 'globex' }
  }

  it('ingests every version tag; an invalid tree fails only its own version; a second sync retries only the failed one', async () => {
    await start()
    tags.set(`http://git.test/${moduleId}.git`, [
      { name: 'v1.0.0', commitSha: 'a' },
      { name: 'v1.1.0', commitSha: 'broken' },
      { name: 'v2.0.0', commitSha: 'c' },
    ])
    await queueTagSync(queue, acme())
    await vi.waitFor(async () => expect(await statuses()).toEqual(['1.0.0:ok', '1.1.0:reg_ingress_failed', '2.0.0:ok']))
    await queueTagSync(queue, acme())
    await vi.waitFor(() => expect(archived.filter((sha) => sha === 'broken')).toHaveLength(2))
    expect(archived.filter((sha) => sha === 'a')).toHaveLength(1)
    expect(await statuses()).toHaveLength(3)
  })

  it('ends a clone from a git host that never finishes at the job timeout: clone_failed, and the worker free', async () => {
    await start({ timeoutSeconds: 1, retryLimit: 0 })
    tags.set(`http://git.test/${moduleId}.git`, [{ name: 'v1.0.0', commitSha: 'stall' }])
    await queueTagSync(queue, acme())
    await vi.waitFor(
      async () => expect(await versionsOf(moduleId)).toMatchObject([{ status: 'clone_failed', error: expect.stringContaining('in time') }]),
      {
        timeout: 5_000,
      },
    )
  })

  it('publishes all 201 tags of a repository, one capped sync after another', async () => {
    await start()
    tags.set(
      `http://git.test/${moduleId}.git`,
      Array.from({ length: 201 }, (_, n) => ({ name: `v1.${n}.0`, commitSha: `c${n}` })),
    )
    await queueTagSync(queue, acme())
    await vi.waitFor(async () => expect((await statuses()).filter((s) => s.endsWith(':ok'))).toHaveLength(201), {
      timeout: 20_000,
      interval: 100,
    })
  })

  it("publishes another organization's version while one organization's 200 clones stall", async () => {
    await start({ timeoutSeconds: 3, retryLimit: 0 })
    const globex = await globexModule()
    tags.set(
      `http://git.test/${moduleId}.git`,
      Array.from({ length: 200 }, (_, n) => ({ name: `v1.${n}.0`, commitSha: 'stall' })),
    )
    tags.set(`http://git.test/${globex.id}.git`, [{ name: 'v1.0.0', commitSha: 'good' }])
    await queueTagSync(queue, acme())
    await vi.waitFor(() => expect(archived.filter((sha) => sha === 'stall').length).toBeGreaterThan(0))
    const queuedAt = performance.now()
    await queueTagSync(queue, globex)
    await vi.waitFor(async () => expect(await statuses(globex.id)).toEqual(['1.0.0:ok']), { timeout: 10_000, interval: 20 })
    // Well within one stalled clone's timeout: it did not wait for any of them.
    expect(performance.now() - queuedAt).toBeLessThan(1_500)
  })
})
