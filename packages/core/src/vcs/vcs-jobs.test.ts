import { InMemoryJobQueue, inMemoryDeps } from '@cairn/testing'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ByteStream } from '../ports/module-analyzer.ts'
import type { VcsClient, VcsRef } from '../ports/vcs-client.ts'
import { IngestVcsVersion } from './ingest-vcs-version.ts'
import { SyncVcsTags } from './sync-vcs-tags.ts'
import { createTagBasedModule } from './test-support/tag-based-module.ts'
import { queueTagSync, workVcsJobs } from './vcs-jobs.ts'

async function* bytes(text: string): ByteStream {
  yield new TextEncoder().encode(text)
}

describe('VCS jobs: a tag sync queues one ingestion per version', () => {
  let deps: ReturnType<typeof inMemoryDeps>
  let queue: InMemoryJobQueue
  let tags: VcsRef[]
  const archived: string[] = []
  let moduleId = ''

  beforeEach(async () => {
    deps = inMemoryDeps()
    queue = new InMemoryJobQueue()
    archived.length = 0
    moduleId = await createTagBasedModule(deps)
    const vcs: VcsClient = {
      refs: async () => ({ tags, branches: [] }),
      archive: async (_remote, { commitSha }) => {
        archived.push(commitSha)
        return bytes(commitSha === 'broken' ? 'bad tree' : 'tree')
      },
      latestCommits: async () => [],
    }
    const sourceOf = async () => ({ remote: { url: 'http://git.test/r.git' } })
    await workVcsJobs(queue, { sync: new SyncVcsTags({ ...deps, vcs, sourceOf }), ingest: new IngestVcsVersion({ ...deps, vcs, sourceOf }) })
  })
  afterEach(() => queue.stop())

  const statuses = () =>
    deps.unitOfWork.run(async ({ registryModules }) => (await registryModules.versionsOf([moduleId])).get(moduleId)?.map((v) => `${v.version}:${v.status}`).sort())

  it('ingests every version tag; an invalid tree fails only its own version; a second sync retries only the failed one', async () => {
    tags = [{ name: 'v1.0.0', commitSha: 'a' }, { name: 'v1.1.0', commitSha: 'broken' }, { name: 'v2.0.0', commitSha: 'c' }]
    await queueTagSync(queue, moduleId)
    await vi.waitFor(async () => expect(await statuses()).toEqual(['1.0.0:ok', '1.1.0:reg_ingress_failed', '2.0.0:ok']))
    await queueTagSync(queue, moduleId)
    await vi.waitFor(() => expect(archived.filter((sha) => sha === 'broken')).toHaveLength(2))
    expect(archived.filter((sha) => sha === 'a')).toHaveLength(1)
    expect(await statuses()).toHaveLength(3)
  })
})
