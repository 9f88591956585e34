import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  AnalyseUpload,
  createUseCases,
  IngestVcsVersion,
  OPERATOR,
  queueTagSync,
  SyncVcsTags,
  workUploadJobs,
  workVcsJobs,
  type VcsSource,
} from '@cairn/core'
import { DEFAULT_ARCHIVE_LIMITS, TarModuleAnalyzer } from '@cairn/module-analyzer'
import { GitRepository, startGitHttpServer, type GitHttpServer } from '@cairn/test-fixtures'
import { InMemoryJobQueue } from '@cairn/memory'
import { inMemoryDeps } from '@cairn/testing'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { IsomorphicGitVcsClient } from './isomorphic-git-vcs-client.ts'

const CREDENTIAL = { username: 'cairn', password: 's3cret' }

describe('publishing from a real git server: tags, monorepos, invalid trees', { timeout: 60_000 }, () => {
  let root = ''
  let cache = ''
  let server: GitHttpServer
  const analyzer = new TarModuleAnalyzer()
  const queue = new InMemoryJobQueue()
  const deps = inMemoryDeps()
  const sources = new Map<string, VcsSource>()
  const moduleIds: Record<string, string> = {}

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'cairn-git-root-'))
    cache = await mkdtemp(join(tmpdir(), 'cairn-git-cache-'))
    server = await startGitHttpServer(root, CREDENTIAL)
    const repository = GitRepository.create(root, 'infrastructure')
    repository.commit({ 'vpc/main.tf': 'variable "cidr" {}\n', 'subnet/main.tf': 'variable "zone" {}\n' })
    repository.tag('vpc/v1.0.0')
    repository.tag('subnet/1.0.0')
    repository.tag('not-a-version')
    repository.commit({ 'vpc/main.tf': 'this is { not hcl', 'subnet/main.tf': 'variable "zone2" {}\n' })
    repository.tag('vpc/v1.1.0')
    repository.tag('subnet/v1.1.0')

    const cases = createUseCases({ ...deps, analyzer })
    const owner = await cases.createUser.execute({ username: 'owner', email: 'owner@example.com' }, OPERATOR)
    const principal = await cases.authenticateToken.execute(
      (await cases.userTokens.create.execute({ user: { id: owner.id } }, OPERATOR)).bearer,
    )
    await cases.organizations.create({ name: 'acme', email: 'a@acme.test' }, principal)
    for (const name of ['vpc', 'subnet']) {
      const { module } = await cases.registryModules.create({ organizationName: 'acme', name, provider: 'aws' }, principal)
      await deps.unitOfWork.run(({ registryModules }) => registryModules.update({ ...module, publishingMechanism: 'git_tag' }))
      moduleIds[name] = module.id
      const remote = { url: `${server.url}/infrastructure.git`, credential: CREDENTIAL }
      sources.set(module.id, { remote, sourceDirectory: name, tagPrefix: `${name}/` })
    }
    const vcs = new IsomorphicGitVcsClient({ cacheDirectory: cache, archiveLimits: DEFAULT_ARCHIVE_LIMITS, allowedHosts: ['127.0.0.1'] })
    const sourceOf = async ({ id }: { id: string }) => sources.get(id) ?? { remote: { url: '' } }
    await workVcsJobs(queue, {
      sync: new SyncVcsTags({ ...deps, vcs, sourceOf }),
      ingest: new IngestVcsVersion({ ...deps, jobs: queue, vcs, sourceOf }),
    })
    // The archives the ingestion stores are settled by the analysis uploads get.
    await workUploadJobs(queue, new AnalyseUpload({ ...deps, analyzer }))
  })
  afterAll(async () => {
    await queue.stop()
    await analyzer.close()
    await server.close()
    await rm(root, { recursive: true, force: true })
    await rm(cache, { recursive: true, force: true })
  })

  const versionsOf = (name: string) =>
    deps.unitOfWork.run(async ({ moduleVersions }) => {
      const id = moduleIds[name] ?? ''
      return ((await moduleVersions.versionsOf([id])).get(id) ?? [])
        .map((v) => ({ version: v.version, status: v.status, error: v.error }))
        .sort((a, b) => a.version.localeCompare(b.version))
    })

  it('publishes two modules of one repository from their own tags and directories; an invalid tree fails only its version', async () => {
    await queueTagSync(queue, { id: moduleIds['vpc'] ?? '', organizationName: 'acme' })
    await queueTagSync(queue, { id: moduleIds['subnet'] ?? '', organizationName: 'acme' })
    await vi.waitFor(
      async () => {
        expect((await versionsOf('vpc')).map((v) => v.status)).toEqual(['ok', 'reg_ingress_failed'])
        expect((await versionsOf('subnet')).map((v) => v.status)).toEqual(['ok', 'ok'])
      },
      { timeout: 30_000, interval: 100 },
    )
    const [, broken] = await versionsOf('vpc')
    expect(broken).toMatchObject({ version: '1.1.0', error: expect.stringContaining('main.tf') })
    const metadata = await deps.unitOfWork.run(async ({ moduleVersions }) => {
      const version = await moduleVersions.find(moduleIds['subnet'] ?? '', '1.1.0')
      return version?.metadata
    })
    expect(metadata?.root.inputs.map((input) => input.name)).toEqual(['zone2'])
  })
})
