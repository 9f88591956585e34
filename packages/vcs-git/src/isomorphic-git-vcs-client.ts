import type { ByteStream, VcsClient, VcsCommit, VcsRefs, VcsRemote, VcsTree } from '@cairn/core'
import type { ExportLimits } from './export-limits.ts'
import type { MirrorCacheLimits } from './mirror-cache.ts'
import type { TransportLimits } from './transport-limits.ts'

export interface IsomorphicGitVcsClientOptions {
  /** Where the bare mirrors are fetched into; this process's alone. */
  readonly cacheDirectory: string
  /**
   * What an archive may hold: the module analyser's limits, so that a tree it would refuse is not
   * exported past them. Its limit on one file is also the limit on one object of a fetched pack.
   */
  readonly archiveLimits: ExportLimits
  /**
   * Host names, `host:port` pairs, addresses and CIDR ranges that may be reached although they are
   * internal (loopback, private, link-local…): `CAIRN_VCS_ALLOWED_HOSTS`. Checked by `allowedHostProblem`.
   */
  readonly allowedHosts?: readonly string[]
  /** Deadlines and byte caps on the git host's replies; the defaults otherwise. */
  readonly transport?: Partial<TransportLimits>
  /** How much the mirrors may take; the defaults otherwise. */
  readonly cache?: Partial<MirrorCacheLimits>
}

/**
 * The VCS adapter (see `MirroredGitClient`). isomorphic-git, the pack reader and the tar writer
 * load at the first call rather than at start: a registry that publishes nothing from VCS never
 * holds them (about 5 MiB of heap).
 */
export class IsomorphicGitVcsClient implements VcsClient {
  readonly #options: IsomorphicGitVcsClientOptions
  #client: Promise<VcsClient> | undefined

  constructor(options: IsomorphicGitVcsClientOptions) {
    this.#options = options
  }

  async refs(remote: VcsRemote, signal?: AbortSignal): Promise<VcsRefs> {
    return (await this.#loaded()).refs(remote, signal)
  }

  async archive(remote: VcsRemote, tree: VcsTree, signal?: AbortSignal): Promise<ByteStream> {
    return (await this.#loaded()).archive(remote, tree, signal)
  }

  async latestCommits(remote: VcsRemote, branch: string | undefined, limit: number): Promise<VcsCommit[]> {
    return (await this.#loaded()).latestCommits(remote, branch, limit)
  }

  #loaded(): Promise<VcsClient> {
    this.#client ??= import('./mirrored-git-client.ts').then(({ MirroredGitClient }) => new MirroredGitClient(this.#options))
    return this.#client
  }
}
