import { CairnError, type ByteStream, type VcsClient, type VcsCommit, type VcsRef, type VcsRefs, type VcsRemote, type VcsTree } from '@cairn/core'
import { createHash } from 'node:crypto'
import * as fs from 'node:fs'
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import git, { type GitAuth } from 'isomorphic-git'
import http from 'isomorphic-git/http/node'
import { create as createTar } from 'tar'
import { exportTree } from './export-tree.ts'
import { translateGitError } from './translate-error.ts'

/**
 * The VCS adapter, by isomorphic-git over smart HTTP. Each repository is fetched into a bare
 * mirror under `cacheDirectory` (one directory per process: fetches into one mirror take turns
 * here, not across processes), so a second archive of the same repository fetches only what is new.
 */
export class IsomorphicGitVcsClient implements VcsClient {
  readonly #cacheDirectory: string
  readonly #turns = new Map<string, Promise<unknown>>()

  constructor(options: { readonly cacheDirectory: string }) {
    this.#cacheDirectory = options.cacheDirectory
  }

  async refs(remote: VcsRemote): Promise<VcsRefs> {
    try {
      const refs = await git.listServerRefs({ http, ...authOf(remote), url: remote.url, prefix: 'refs/', peelTags: true })
      const named = (prefix: string): VcsRef[] =>
        refs
          .filter(({ ref }) => ref.startsWith(prefix) && !ref.endsWith('^{}'))
          .map(({ ref, oid, peeled }) => ({ name: ref.slice(prefix.length), commitSha: peeled ?? oid }))
      return { tags: named('refs/tags/'), branches: named('refs/heads/') }
    } catch (error) {
      throw translateGitError(error, remote.url)
    }
  }

  async archive(remote: VcsRemote, { commitSha, sourceDirectory }: VcsTree): Promise<ByteStream> {
    const gitdir = this.#mirrorOf(remote)
    const directory = normalised(sourceDirectory)
    const tree = await this.#inTurn(gitdir, async () => {
      try {
        await this.#withCommit(remote, gitdir, commitSha)
        const { commit } = await git.readCommit({ fs, gitdir, oid: commitSha })
        if (directory === '') return commit.tree
        const { oid } = await git.readTree({ fs, gitdir, oid: commit.tree, filepath: directory })
        return oid
      } catch (error) {
        throw translateGitError(error, remote.url)
      }
    })
    const staging = await mkdtemp(join(tmpdir(), 'cairn-vcs-'))
    try {
      await exportTree(gitdir, tree, staging)
    } catch (error) {
      await rm(staging, { recursive: true, force: true })
      throw translateGitError(error, remote.url)
    }
    return tarballOf(staging)
  }

  async latestCommits(remote: VcsRemote, branch: string | undefined, limit: number): Promise<VcsCommit[]> {
    const gitdir = this.#mirrorOf(remote)
    return this.#inTurn(gitdir, async () => {
      try {
        const head = await branchHead(remote, branch)
        await this.#withCommit(remote, gitdir, head)
        const commits = await git.log({ fs, gitdir, ref: head, depth: limit })
        return commits.map(({ oid, commit }) => ({
          sha: oid,
          message: commit.message.replace(/\n+$/, ''),
          authorName: commit.author.name,
          date: new Date(commit.author.timestamp * 1000),
        }))
      } catch (error) {
        throw translateGitError(error, remote.url)
      }
    })
  }

  /** The bare mirror of the remote's repository, one per address. */
  #mirrorOf(remote: VcsRemote): string {
    return join(this.#cacheDirectory, createHash('sha256').update(remote.url).digest('hex'))
  }

  /**
   * Makes sure the mirror holds `commitSha`: fetched when it does not. A commit is immutable, so
   * one already there is used as it is (the tags of one repository share a mirror: the first
   * archive fetches them all); the host is still asked for its refs, so that a repository gone or
   * a credential revoked fails the archive as a fetch would.
   */
  async #withCommit(remote: VcsRemote, gitdir: string, commitSha: string): Promise<void> {
    const present = await git.readCommit({ fs, gitdir, oid: commitSha }).then(
      () => true,
      () => false,
    )
    if (!present) return this.#mirror(remote, gitdir)
    await git.listServerRefs({ http, ...authOf(remote), url: remote.url, prefix: 'refs/heads/' })
  }

  /** Fetches every branch and tag of the remote into the bare mirror at `gitdir`. */
  async #mirror(remote: VcsRemote, gitdir: string): Promise<void> {
    await mkdir(gitdir, { recursive: true })
    await git.init({ fs, gitdir, bare: true })
    await git.addRemote({ fs, gitdir, remote: 'origin', url: remote.url, force: true })
    await git.fetch({ fs, http, gitdir, ...authOf(remote), remote: 'origin', singleBranch: false, tags: true, prune: true })
  }

  #inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
    const result = (this.#turns.get(key) ?? Promise.resolve()).then(work)
    const settled = result.catch(() => undefined)
    this.#turns.set(key, settled)
    void settled.then(() => {
      if (this.#turns.get(key) === settled) this.#turns.delete(key)
    })
    return result
  }
}

/** The commit `branch` (or the remote's HEAD) points at now, as the host says. */
async function branchHead(remote: VcsRemote, branch: string | undefined): Promise<string> {
  const name = branch === undefined ? 'HEAD' : `refs/heads/${branch}`
  const refs = await git.listServerRefs({ http, ...authOf(remote), url: remote.url, prefix: name })
  const head = refs.find(({ ref }) => ref === name)
  if (head === undefined) throw new CairnError('not_found', `${branch === undefined ? 'the default branch' : `branch ${branch}`} does not exist`)
  return head.oid
}

/** Basic auth from the remote's credential; a refused credential ends the attempt, not retried. */
function authOf(remote: VcsRemote): { onAuth: () => GitAuth; onAuthFailure: () => GitAuth } {
  return { onAuth: () => ({ ...remote.credential }), onAuthFailure: () => ({ cancel: true }) }
}

/** `modules/vpc/` → `modules/vpc`; refuses a path that climbs out of the repository. */
function normalised(sourceDirectory: string | undefined): string {
  const parts = (sourceDirectory ?? '').split('/').filter((part) => part !== '' && part !== '.')
  if (parts.includes('..')) {
    throw new CairnError('invalid', 'the source directory may not contain ..', [{ field: 'vcs-repo.source-directory', message: 'may not contain ..' }])
  }
  return parts.join('/')
}

/** The directory's content as a gzip tarball, the directory removed once the stream is read or dropped. */
async function* tarballOf(directory: string): ByteStream {
  try {
    const entries = await readdir(directory)
    yield* createTar({ gzip: true, cwd: directory, portable: true }, entries) as AsyncIterable<Uint8Array>
  } finally {
    await rm(directory, { recursive: true, force: true })
  }
}
