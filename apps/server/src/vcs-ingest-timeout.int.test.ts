import {
  createUseCases,
  INGEST_VCS_VERSION_JOB,
  IngestVcsVersion,
  queueTagSync,
  SyncVcsTags,
  workVcsJobs,
  type JobQueue,
} from '@cairn/core'
import { DEFAULT_ARCHIVE_LIMITS } from '@cairn/module-analyzer'
import { openStore } from '@cairn/persistence'
import { GitRepository, startGitHttpServer } from '@cairn/test-fixtures'
import { inMemoryDeps, signUpUser } from '@cairn/testing'
import { IsomorphicGitVcsClient } from '@cairn/vcs-git'
import { mkdtempSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { startStallingGitHost } from './test-support/forwarding-git-hosts.ts'

const CREDENTIAL = { username: 'x-access-token', password: 'ghp-cairn-ingest-timeout-credential' }
const TEN_MINUTES = 600_000

/** The queue, with the ingestion's timeout cut to 2 s and one retry at once. */
function withShortIngestion(queue: JobQueue): JobQueue {
  return {
    define: (definition) =>
      queue.define(
        definition.name === INGEST_VCS_VERSION_JOB.name
          ? { ...definition, timeoutSeconds: 2, retryLimit: 1, retryDelaySeconds: 0 }
          : definition,
      ),
    enqueue: (...args) => queue.enqueue(...args),
    work: (name, handler) => queue.work(name, handler),
    stop: () => queue.stop(),
  }
}

/**
 * Finding 3 of the second security review: the job's abort signal reaches the git call. pg-boss
 * (over PGlite; the registry itself is in memory) aborts the signal of an attempt past its
 * timeout; the ingestion hands it to the real git client, whose fetch closes its connection then.
 * The client's own deadlines are set past the test, so nothing else could close it; an attempt
 * that ignored its signal would hold the connection (and the mirror, so the retry could not
 * fetch) for as long as the host trickles.
 */
describe('an ingestion attempt past its job timeout', { timeout: 60_000 }, () => {
  it('closes its connection to the git host, before its retry fetches again', async () => {
    const base = mkdtempSync(join(tmpdir(), 'cairn-ingest-timeout-'))
    const git = await startGitHttpServer(join(base, 'git'), CREDENTIAL)
    const stalling = await startStallingGitHost(git.url)
    const store = await openStore({ kind: 'pglite' })
    const queue = withShortIngestion(
      await store.openJobQueue((error) => {
        throw error
      }),
    )
    try {
      const repository = GitRepository.create(join(base, 'git'), 'acme/terraform-aws-vpc')
      repository.commit({ 'main.tf': 'variable "cidr" {}\n' })
      repository.tag('v1.0.0')
      const deps = inMemoryDeps()
      const moduleId = await tagBasedModule(deps)
      const remote = { url: `${stalling.url}/acme/terraform-aws-vpc.git`, credential: CREDENTIAL }
      const vcs = new IsomorphicGitVcsClient({
        cacheDirectory: join(base, 'cache'),
        archiveLimits: DEFAULT_ARCHIVE_LIMITS,
        allowedHosts: ['127.0.0.1'],
        transport: { fetchMs: TEN_MINUTES, stallWindowMs: TEN_MINUTES },
      })
      const sourceOf = async () => ({ remote })
      await workVcsJobs(queue, {
        sync: new SyncVcsTags({ ...deps, vcs, sourceOf }),
        ingest: new IngestVcsVersion({ ...deps, jobs: queue, vcs, sourceOf }),
      })
      await queueTagSync(queue, { id: moduleId, organizationName: 'acme' })
      await vi.waitFor(() => expect(stalling.packs).toContain('opened 2'), { timeout: 30_000, interval: 50 })
      expect(stalling.packs.slice(0, 3)).toEqual(['opened 1', 'closed 1', 'opened 2'])
    } finally {
      await queue.stop()
      await store.close()
      await stalling.close()
      await git.close()
      await rm(base, { recursive: true, force: true })
    }
  })
})

/** Organization `acme` with a tag-based module `acme/vpc/aws`; its id. */
async function tagBasedModule(deps: ReturnType<typeof inMemoryDeps>): Promise<string> {
  const cases = createUseCases(deps)
  const owner = await signUpUser(cases, 'owner')
  await cases.organizations.create({ name: 'acme', email: 'a@acme.test' }, owner)
  const { module } = await cases.registryModules.create({ organizationName: 'acme', name: 'vpc', provider: 'aws' }, owner)
  await deps.unitOfWork.run(({ registryModules }) => registryModules.update({ ...module, publishingMechanism: 'git_tag' }))
  return module.id
}
