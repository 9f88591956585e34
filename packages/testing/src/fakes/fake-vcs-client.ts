import { CairnError, type ByteStream, type VcsClient, type VcsCommit, type VcsRef, type VcsRemote, type VcsTree } from '@cairn/core'

/** A repository of the fake git host: its refs, and the archive text of each commit. */
export interface FakeRepository {
  tags: VcsRef[]
  branches: VcsRef[]
  /**
   * Archive text by commit sha, and by `<sha>:<directory>` for the subtree a source directory
   * names; text starting with `bad` is refused by the fake analyser.
   */
  trees: Record<string, string>
  /** The history of each branch, newest first; the default branch is the first of `branches`. */
  history: Record<string, VcsCommit[]>
}

/**
 * A git host for unit tests: repositories by address, one accepted password, and a switch that
 * makes the host unreachable. Records every archive it makes (`<sha>:<directory>`). An aborted
 * signal is `unavailable`, as a git call stopped midway is.
 */
export class FakeVcsClient implements VcsClient {
  readonly repositories = new Map<string, FakeRepository>()
  readonly archived: string[] = []
  password = 'git-secret'
  reachable = true

  /** Adds (or replaces) the repository at `url`. */
  serve(url: string, repository: Partial<FakeRepository>): FakeRepository {
    const served = { tags: [], branches: [], trees: {}, history: {}, ...repository }
    this.repositories.set(url, served)
    return served
  }

  async refs(remote: VcsRemote, signal?: AbortSignal) {
    stopIfAborted(signal)
    const repository = this.#open(remote)
    return { tags: [...repository.tags], branches: [...repository.branches] }
  }

  async archive(remote: VcsRemote, { commitSha, sourceDirectory }: VcsTree, signal?: AbortSignal): Promise<ByteStream> {
    stopIfAborted(signal)
    const directory = sourceDirectory ?? ''
    const tree = this.#open(remote).trees[directory === '' ? commitSha : `${commitSha}:${directory}`]
    if (tree === undefined) throw CairnError.notFound(`commit ${commitSha}${directory === '' ? '' : ` or its directory ${directory}`}`)
    this.archived.push(`${commitSha}:${directory}`)
    return (async function* () {
      stopIfAborted(signal)
      yield new TextEncoder().encode(tree)
    })()
  }

  async latestCommits(remote: VcsRemote, branch: string | undefined, limit: number): Promise<VcsCommit[]> {
    const repository = this.#open(remote)
    const name = branch ?? repository.branches[0]?.name
    const history = name === undefined ? undefined : repository.history[name]
    if (history === undefined) throw CairnError.notFound(`branch ${name ?? '(default)'}`)
    return history.slice(0, limit)
  }

  #open(remote: VcsRemote): FakeRepository {
    if (!this.reachable) throw new CairnError('unavailable', `cannot reach the git host at ${remote.url}`)
    if (remote.credential?.password !== this.password) {
      throw CairnError.invalidField('oauth-token-id', 'the git host refused its credential')
    }
    const repository = this.repositories.get(remote.url)
    if (repository === undefined) throw CairnError.notFound(`repository ${remote.url}`)
    return repository
  }
}

function stopIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw new CairnError('unavailable', 'the git call was stopped before it finished')
}
