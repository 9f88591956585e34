import type { ByteStream } from './module-analyzer.ts'

/** A repository on a git host, and the credential to read it with (basic auth over HTTP). */
export interface VcsRemote {
  /** The repository's smart-HTTP address, e.g. `https://git.example.com/acme/terraform-aws-vpc.git`. */
  readonly url: string
  readonly credential?: { readonly username: string; readonly password: string }
}

/** A tag or a branch head, and the commit it points at (a tag's peeled commit). */
export interface VcsRef {
  readonly name: string
  readonly commitSha: string
}

/** A commit's tree to archive: the whole tree, or its `sourceDirectory` subtree (a monorepo's module). */
export interface VcsTree {
  readonly commitSha: string
  readonly sourceDirectory?: string
}

/** What a repository offers to publish from. */
export interface VcsRefs {
  readonly tags: readonly VcsRef[]
  readonly branches: readonly VcsRef[]
}

/** A commit, as a branch's history shows it. */
export interface VcsCommit {
  readonly sha: string
  readonly message: string
  readonly authorName: string
  /** When the author made it. */
  readonly date: Date
}

/**
 * Reads repositories on git hosts. Raises `invalid` on field `oauth-token-id` when the host
 * refuses the credential, `not_found` when the repository (or the commit, or the source
 * directory) does not exist, and `unavailable` when the host cannot be reached.
 */
export interface VcsClient {
  /** The repository's tags and branch heads. Raises `unavailable` once `signal` is aborted. */
  refs(remote: VcsRemote, signal?: AbortSignal): Promise<VcsRefs>
  /**
   * The tree as a gzip tarball with that tree at its root, the shape the module analyzer reads,
   * holding regular files and directories only. Raises `unavailable` once `signal` is aborted,
   * also while the tarball is read; the tarball fails `invalid` on `archive`, as the analyzer
   * would, for a tree that holds a link, a name given twice or an unsafe one, or is past the
   * archive limits, as soon as that is seen.
   */
  archive(remote: VcsRemote, tree: VcsTree, signal?: AbortSignal): Promise<ByteStream>
  /**
   * The newest commits of `branch` (of the branch the repository's HEAD names when absent), newest
   * first, at most `limit`, as the host has them now. Raises `not_found` for a branch that does not exist.
   */
  latestCommits(remote: VcsRemote, branch: string | undefined, limit: number): Promise<VcsCommit[]>
}
