import { CairnError, type ByteStream, type VcsClient, type VcsCommit, type VcsRef, type VcsRemote, type VcsTree } from '@cairn/core'

/** A repository of the fake git host: its refs, and the archive text of each commit. */
export interface FakeRepository {
  tags: VcsRef[]
  branches: VcsRef[]
  /** Archive text by commit sha; text starting with `bad` is refused by the fake analyser. */
  trees: Record<string, string>
  /** The history of each branch, newest first; the default branch is the first of `branches`. */
  history: Record<string, VcsCommit[]>
}

/**
 * A git host for unit tests: repositories by address, one accepted password, and a switch that
 * makes the host unreachable. Records every archive it makes (`<sha>:<directory>`).
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

  async refs(remote: VcsRemote) {
    const repository = this.#open(remote)
    return { tags: [...repository.tags], branches: [...repository.branches] }
  }

  async archive(remote: VcsRemote, { commitSha, sourceDirectory }: VcsTree): Promise<ByteStream> {
    const tree = this.#open(remote).trees[commitSha]
    if (tree === undefined) throw CairnError.notFound(`commit ${commitSha}`)
    this.archived.push(`${commitSha}:${sourceDirectory ?? ''}`)
    return (async function* () {
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
