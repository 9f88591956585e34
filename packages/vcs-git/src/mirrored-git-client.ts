import {
  CairnError,
  type ByteStream,
  type VcsClient,
  type VcsCommit,
  type VcsRef,
  type VcsRefs,
  type VcsRemote,
  type VcsTree,
} from '@cairn/core'
import * as fs from 'node:fs'
import { mkdir } from 'node:fs/promises'
import git, { type GitAuth, type HttpClient } from 'isomorphic-git'
import { DestinationPolicy } from './destination-policy.ts'
import type { IsomorphicGitVcsClientOptions } from './isomorphic-git-vcs-client.ts'
import type { ExportLimits } from './export-limits.ts'
import { exportTree, stopped } from './export-tree.ts'
import { GuardedHttpClient, type GitCallPurpose } from './guarded-http-client.ts'
import { heldWhileRead } from './held-stream.ts'
import { DEFAULT_MIRROR_CACHE_LIMITS, MirrorCache } from './mirror-cache.ts'
import type { PackLimits } from './pack-inspector.ts'
import { DEFAULT_TRANSPORT_LIMITS, type TransportLimits } from './transport-limits.ts'
import { translateGitError } from './translate-error.ts'

/** How long the mirror is kept for an archive no one has started reading (a job that failed between). */
const UNREAD_ARCHIVE_MS = 60_000

/**
 * The VCS adapter's work, by isomorphic-git over smart HTTP through the guarded HTTP client (the
 * destination policy, same-origin redirects, deadlines and byte caps on every call). Each
 * repository is fetched into a bare mirror under `cacheDirectory`, the mirrors bounded together
 * (one directory per process: fetches into one mirror take turns here, not across processes),
 * so a second archive of the same repository fetches only what is new.
 */
export class MirroredGitClient implements VcsClient {
  readonly #mirrors: MirrorCache
  readonly #policy: DestinationPolicy
  readonly #transport: TransportLimits
  readonly #pack: PackLimits
  readonly #archiveLimits: ExportLimits
  readonly #turns = new Map<string, Promise<unknown>>()

  constructor(options: IsomorphicGitVcsClientOptions) {
    this.#mirrors = new MirrorCache(options.cacheDirectory, { ...DEFAULT_MIRROR_CACHE_LIMITS, ...options.cache })
    this.#policy = new DestinationPolicy(options.allowedHosts)
    this.#transport = { ...DEFAULT_TRANSPORT_LIMITS, ...options.transport }
    this.#pack = {
      maxObjectBytes: options.archiveLimits.maxEntryBytes,
      maxInflatedBytes: this.#transport.maxPackInflatedBytes,
      maxObjects: this.#transport.maxPackObjects,
    }
    this.#archiveLimits = options.archiveLimits
  }

  async refs(remote: VcsRemote, signal?: AbortSignal): Promise<VcsRefs> {
    try {
      const refs = await this.#call('refs', signal, (http) =>
        git.listServerRefs({ http, ...authOf(remote), url: remote.url, prefix: 'refs/', peelTags: true }),
      )
      const named = (prefix: string): VcsRef[] =>
        refs
          .filter(({ ref }) => ref.startsWith(prefix) && !ref.endsWith('^{}'))
          .map(({ ref, oid, peeled }) => ({ name: ref.slice(prefix.length), commitSha: peeled ?? oid }))
      return { tags: named('refs/tags/'), branches: named('refs/heads/') }
    } catch (error) {
      throw translateGitError(error, remote.url)
    }
  }

  /**
   * The tarball is written from the mirror's objects as it is read (see `exportTree`); the mirror
   * is kept from eviction until the tarball has been read, or for `UNREAD_ARCHIVE_MS` if no one reads it.
   */
  async archive(remote: VcsRemote, { commitSha, sourceDirectory }: VcsTree, signal?: AbortSignal): Promise<ByteStream> {
    const directory = normalised(sourceDirectory)
    if (signal?.aborted === true) throw stopped()
    return new Promise((resolve, reject) => {
      this.#mirrors
        .use(remote.url, async (gitdir) => {
          const { tree, committed } = await this.#inTurn(gitdir, async () => {
            try {
              await this.#withCommit(remote, gitdir, commitSha, signal)
              const { commit } = await git.readCommit({ fs, gitdir, oid: commitSha })
              const committed = commit.committer.timestamp
              if (directory === '') return { tree: commit.tree, committed }
              const { oid } = await git.readTree({ fs, gitdir, oid: commit.tree, filepath: directory })
              return { tree: oid, committed }
            } catch (error) {
              throw translateGitError(error, remote.url)
            }
          })
          if (signal?.aborted === true) throw stopped()
          const archive = heldWhileRead(
            translated(exportTree({ gitdir, tree, committed, limits: this.#archiveLimits, signal }), remote.url),
            UNREAD_ARCHIVE_MS,
          )
          resolve(archive.stream)
          await archive.done
        })
        .catch(reject)
    })
  }

  async latestCommits(remote: VcsRemote, branch: string | undefined, limit: number): Promise<VcsCommit[]> {
    return this.#mirrors.use(remote.url, (gitdir) =>
      this.#inTurn(gitdir, async () => {
        try {
          const head = await this.#branchHead(remote, branch)
          await this.#withCommit(remote, gitdir, head, undefined)
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
      }),
    )
  }

  /**
   * Runs one git call over a guarded HTTP client of its own. A transport failure is thrown as
   * itself, whatever isomorphic-git made of it: a cut-off reply may have become a parse error, or
   * passed for the end of the list of refs, which must then not be taken for the whole list.
   */
  async #call<T>(purpose: GitCallPurpose, signal: AbortSignal | undefined, work: (http: HttpClient) => Promise<T>): Promise<T> {
    const http = new GuardedHttpClient({ policy: this.#policy, limits: this.#transport, pack: this.#pack, purpose, signal })
    try {
      const result = await work(http)
      if (http.failure !== undefined) throw http.failure
      return result
    } catch (error) {
      throw http.failure ?? error
    } finally {
      http.dispose()
    }
  }

  /** The commit `branch` (or the remote's HEAD) points at now, as the host says. */
  async #branchHead(remote: VcsRemote, branch: string | undefined): Promise<string> {
    const name = branch === undefined ? 'HEAD' : `refs/heads/${branch}`
    const refs = await this.#call('refs', undefined, (http) =>
      git.listServerRefs({ http, ...authOf(remote), url: remote.url, prefix: name }),
    )
    const head = refs.find(({ ref }) => ref === name)
    if (head === undefined)
      throw new CairnError('not_found', `${branch === undefined ? 'the default branch' : `branch ${branch}`} does not exist`)
    return head.oid
  }

  /**
   * Makes sure the mirror holds `commitSha`: fetched when it does not. A commit is immutable, so
   * one already there is used as it is (the tags of one repository share a mirror: the first
   * archive fetches them all); the host is still asked for its refs, so that a repository gone or
   * a credential revoked fails the archive as a fetch would.
   */
  async #withCommit(remote: VcsRemote, gitdir: string, commitSha: string, signal: AbortSignal | undefined): Promise<void> {
    const present = await git.readCommit({ fs, gitdir, oid: commitSha }).then(
      () => true,
      () => false,
    )
    if (!present) return this.#mirror(remote, gitdir, signal)
    await this.#call('refs', signal, (http) => git.listServerRefs({ http, ...authOf(remote), url: remote.url, prefix: 'refs/heads/' }))
  }

  /**
   * Fetches every branch and tag of the remote into the bare mirror at `gitdir`. A mirror a fetch
   * failed on (cut off, over the pack's cap) is dropped once no one reads it: it may hold a partial pack.
   */
  async #mirror(remote: VcsRemote, gitdir: string, signal: AbortSignal | undefined): Promise<void> {
    await mkdir(gitdir, { recursive: true })
    await git.init({ fs, gitdir, bare: true })
    await git.addRemote({ fs, gitdir, remote: 'origin', url: remote.url, force: true })
    try {
      await this.#call('fetch', signal, (http) =>
        git.fetch({ fs, http, gitdir, ...authOf(remote), remote: 'origin', singleBranch: false, tags: true, prune: true }),
      )
    } catch (error) {
      this.#mirrors.discard(gitdir)
      throw error
    }
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

/** Basic auth from the remote's credential; a refused credential ends the attempt, not retried. */
function authOf(remote: VcsRemote): { onAuth: () => GitAuth; onAuthFailure: () => GitAuth } {
  return { onAuth: () => ({ ...remote.credential }), onAuthFailure: () => ({ cancel: true }) }
}

/** `modules/vpc/` → `modules/vpc`; refuses a path that climbs out of the repository. */
function normalised(sourceDirectory: string | undefined): string {
  const parts = (sourceDirectory ?? '').split('/').filter((part) => part !== '' && part !== '.')
  if (parts.includes('..')) {
    throw new CairnError('invalid', 'the source directory may not contain ..', [
      { field: 'vcs-repo.source-directory', message: 'may not contain ..' },
    ])
  }
  return parts.join('/')
}

/** `stream`, its failures as the port names them. */
async function* translated(stream: ByteStream, url: string): ByteStream {
  try {
    yield* stream
  } catch (error) {
    throw translateGitError(error, url)
  }
}
