import type { ByteStream, VcsClient, VcsRemote } from '@cairn/core'
import { describe, expect, it } from 'vitest'
import { useSubject } from './use-subject.ts'

/** A repository on the git host under test, changed as a git user pushing to it would. */
export interface HostedRepository {
  /** Its address, with the credential the host accepts. */
  readonly remote: VcsRemote
  /** Commits exactly `files` (path → text) on the current branch, replacing the tree; the commit's sha. */
  commit(files: Readonly<Record<string, string>>, message: string): string
  /** Tags the current commit; an annotated tag when `annotated`. */
  tag(name: string, annotated?: boolean): void
  /** Starts or moves to `branch` at the current commit; the repository's HEAD names it from then on. */
  checkout(branch: string): void
  /** Deletes the repository from the host(). */
  remove(): void
}

/** A client and the git host it reads, fresh for each test. */
export interface VcsClientUnderTest {
  readonly client: VcsClient
  /** A new repository on the host, on branch `main`, with nothing committed yet. */
  repository(name: string): HostedRepository
  /** Makes the host unreachable from then on. */
  goDown(): Promise<void>
  /** The files of an archive the client made, path → text. */
  filesOf(archive: ByteStream): Promise<Record<string, string>>
  dispose(): Promise<void>
}

export type VcsClientHarness = () => Promise<VcsClientUnderTest>

const VPC = { 'main.tf': 'variable "cidr" {}\n', 'modules/subnet/main.tf': 'output "id" { value = 1 }\n' }

/** `remote` with a password the host refuses. */
function refused(remote: VcsRemote): VcsRemote {
  return { url: remote.url, credential: { username: remote.credential?.username ?? 'cairn', password: 'refused-password' } }
}

/**
 * What every `VcsClient` promises the publishing use cases: refs as the host has them now (tags
 * by the commit they point at), archives of a commit's tree or of a source directory's subtree at
 * the archive root, a branch's newest commits, and the port's three failures — `invalid` on
 * `oauth-token-id` for a refused credential, `not_found` for what the host lacks, `unavailable`
 * for a host that cannot be reached or a call whose signal aborted.
 */
export function vcsClientContract(name: string, open: VcsClientHarness): void {
  describe(`VcsClient contract: ${name}`, { timeout: 30_000 }, () => {
    const host = useSubject(open)

    /** `terraform-aws-vpc`: v1.0.0 and the annotated 1.1.0 on main, one commit more on develop, where HEAD stays. */
    function vpcRepository() {
      const repository = host().repository('terraform-aws-vpc')
      const first = repository.commit(VPC, 'the first vpc')
      repository.tag('v1.0.0')
      const second = repository.commit({ 'main.tf': 'variable "cidr_block" {}\n' }, 'rename the input')
      repository.tag('1.1.0', true)
      repository.checkout('develop')
      const third = repository.commit({ 'main.tf': 'variable "dev" {}\n' }, 'work in progress')
      return { repository, remote: repository.remote, shas: { first, second, third } }
    }

    it('lists every tag by the commit it points at, annotated ones included, and every branch head', async () => {
      const { remote, shas } = vpcRepository()
      const refs = await host().client.refs(remote)
      expect(sortedByName(refs.tags)).toEqual([
        { name: '1.1.0', commitSha: shas.second },
        { name: 'v1.0.0', commitSha: shas.first },
      ])
      expect(sortedByName(refs.branches)).toEqual([
        { name: 'develop', commitSha: shas.third },
        { name: 'main', commitSha: shas.second },
      ])
    })

    it('answers the refs as the host has them now', async () => {
      const { repository, remote } = vpcRepository()
      await host().client.refs(remote)
      const fourth = repository.commit({ 'main.tf': 'variable "later" {}\n' }, 'later')
      repository.tag('v2.0.0')
      const refs = await host().client.refs(remote)
      expect(refs.tags).toContainEqual({ name: 'v2.0.0', commitSha: fourth })
      expect(refs.branches).toContainEqual({ name: 'develop', commitSha: fourth })
    })

    it('archives the tree of any commit, older ones included', async () => {
      const { remote, shas } = vpcRepository()
      await expect(host().filesOf(await host().client.archive(remote, { commitSha: shas.first }))).resolves.toEqual(VPC)
      await expect(host().filesOf(await host().client.archive(remote, { commitSha: shas.third }))).resolves.toEqual({
        'main.tf': 'variable "dev" {}\n',
      })
      await expect(host().filesOf(await host().client.archive(remote, { commitSha: shas.first }))).resolves.toEqual(VPC)
    })

    it('archives a source directory with its subtree at the archive root', async () => {
      const { remote, shas } = vpcRepository()
      const archive = await host().client.archive(remote, { commitSha: shas.first, sourceDirectory: 'modules/subnet' })
      await expect(host().filesOf(archive)).resolves.toEqual({ 'main.tf': 'output "id" { value = 1 }\n' })
    })

    it('answers not_found for a commit or a source directory the repository lacks', async () => {
      const { remote, shas } = vpcRepository()
      await expect(host().client.archive(remote, { commitSha: 'f'.repeat(40) })).rejects.toMatchObject({ code: 'not_found' })
      await expect(host().client.archive(remote, { commitSha: shas.second, sourceDirectory: 'modules/subnet' })).rejects.toMatchObject({
        code: 'not_found',
      })
    })

    it('lists the newest commits of a branch, newest first, at most the limit', async () => {
      const { remote, shas } = vpcRepository()
      const commits = await host().client.latestCommits(remote, 'main', 20)
      expect(commits.map(({ sha, message }) => ({ sha, message }))).toEqual([
        { sha: shas.second, message: 'rename the input' },
        { sha: shas.first, message: 'the first vpc' },
      ])
      for (const commit of commits) {
        expect(commit.authorName).toMatch(/\S/)
        expect(Number.isNaN(commit.date.getTime())).toBe(false)
      }
      await expect(host().client.latestCommits(remote, 'develop', 1)).resolves.toEqual([expect.objectContaining({ sha: shas.third })])
    })

    it('lists the commits of the branch HEAD names when given none, as the host has them now', async () => {
      const { repository, remote, shas } = vpcRepository()
      await expect(host().client.latestCommits(remote, undefined, 20)).resolves.toMatchObject([
        { sha: shas.third },
        { sha: shas.second },
        { sha: shas.first },
      ])
      const fourth = repository.commit({ 'main.tf': '' }, 'later')
      await expect(host().client.latestCommits(remote, undefined, 2)).resolves.toMatchObject([{ sha: fourth }, { sha: shas.third }])
    })

    it('answers not_found for a branch the repository lacks', async () => {
      const { remote } = vpcRepository()
      await expect(host().client.latestCommits(remote, 'nowhere', 20)).rejects.toMatchObject({ code: 'not_found' })
    })

    it('answers invalid on oauth-token-id when the host refuses the credential, whatever is asked', async () => {
      const { remote, shas } = vpcRepository()
      const refusal = { code: 'invalid', fields: [expect.objectContaining({ field: 'oauth-token-id' })] }
      await expect(host().client.refs(refused(remote))).rejects.toMatchObject(refusal)
      await expect(host().client.archive(refused(remote), { commitSha: shas.first })).rejects.toMatchObject(refusal)
      await expect(host().client.latestCommits(refused(remote), 'main', 20)).rejects.toMatchObject(refusal)
    })

    it('answers not_found for a repository the host does not have, or no longer has', async () => {
      const { repository, remote, shas } = vpcRepository()
      const absent = { ...remote, url: remote.url.replace('terraform-aws-vpc', 'terraform-aws-absent') }
      await expect(host().client.refs(absent)).rejects.toMatchObject({ code: 'not_found' })
      await host().filesOf(await host().client.archive(remote, { commitSha: shas.first }))
      repository.remove()
      await expect(host().client.refs(remote)).rejects.toMatchObject({ code: 'not_found' })
      await expect(host().client.archive(remote, { commitSha: shas.first })).rejects.toMatchObject({ code: 'not_found' })
      await expect(host().client.latestCommits(remote, 'main', 20)).rejects.toMatchObject({ code: 'not_found' })
    })

    it('answers unavailable once the host cannot be reached, even for a commit archived before', async () => {
      const { remote, shas } = vpcRepository()
      await host().filesOf(await host().client.archive(remote, { commitSha: shas.first }))
      await host().goDown()
      await expect(host().client.refs(remote)).rejects.toMatchObject({ code: 'unavailable' })
      await expect(host().client.archive(remote, { commitSha: shas.first })).rejects.toMatchObject({ code: 'unavailable' })
      await expect(host().client.latestCommits(remote, 'main', 20)).rejects.toMatchObject({ code: 'unavailable' })
    })

    it('answers unavailable once the signal is aborted, also while the archive is read', async () => {
      const { remote, shas } = vpcRepository()
      const aborted = AbortSignal.abort()
      await expect(host().client.refs(remote, aborted)).rejects.toMatchObject({ code: 'unavailable' })
      await expect(host().client.archive(remote, { commitSha: shas.first }, aborted)).rejects.toMatchObject({ code: 'unavailable' })
      const reading = new AbortController()
      const archive = await host().client.archive(remote, { commitSha: shas.first }, reading.signal)
      reading.abort()
      await expect(host().filesOf(archive)).rejects.toMatchObject({ code: 'unavailable' })
    })
  })
}

function sortedByName<T extends { readonly name: string }>(refs: readonly T[]): T[] {
  return [...refs].sort((a, b) => a.name.localeCompare(b.name))
}
