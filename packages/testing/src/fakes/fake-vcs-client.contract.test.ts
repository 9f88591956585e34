import type { VcsRef, VcsRemote } from '@cairn/core'
import { textOf, vcsClientContract, type HostedRepository } from '../contracts/index.ts'
import { FakeVcsClient, type FakeRepository } from './fake-vcs-client.ts'

vcsClientContract('fake', async () => {
  const client = new FakeVcsClient()
  let commits = 0
  return {
    client,
    repository(name) {
      const url = `https://git.test/acme/${name}.git`
      return hosted(
        client,
        client.serve(url, {}),
        { url, credential: { username: 'cairn', password: client.password } },
        () => (commits += 1),
      )
    },
    async goDown() {
      client.reachable = false
    },
    filesOf: async (archive) => JSON.parse(await textOf(archive)) as Record<string, string>,
    async dispose() {},
  }
})

/**
 * The fake's repository, built as git would build it: the tree text of each commit (its files as
 * JSON) and of each of its directories, each branch's history, the branch HEAD names first.
 */
function hosted(client: FakeVcsClient, served: FakeRepository, remote: VcsRemote, nextCommit: () => number): HostedRepository {
  let branch = 'main'
  let head = ''
  const point = (name: string) => {
    const others = served.branches.filter((ref) => ref.name !== name)
    served.branches.splice(0, served.branches.length, { name, commitSha: head }, ...others)
  }
  return {
    remote,
    commit(files, message) {
      head = nextCommit().toString(16).padStart(40, '0')
      for (const [directory, tree] of subtrees(files)) served.trees[directory === '' ? head : `${head}:${directory}`] = JSON.stringify(tree)
      served.history[branch] = [{ sha: head, message, authorName: 'Fixture', date: new Date() }, ...(served.history[branch] ?? [])]
      point(branch)
      return head
    },
    tag(name) {
      served.tags.push({ name, commitSha: head } satisfies VcsRef)
    },
    checkout(name) {
      served.history[name] = [...(served.history[branch] ?? [])]
      branch = name
      point(name)
    },
    remove() {
      client.repositories.delete(remote.url)
    },
  }
}

/** Every directory of `files` (the root as ''), with the files below it by their paths from there. */
function subtrees(files: Readonly<Record<string, string>>): Map<string, Record<string, string>> {
  const trees = new Map<string, Record<string, string>>([['', { ...files }]])
  for (const [path, content] of Object.entries(files)) {
    const parts = path.split('/')
    for (let depth = 1; depth < parts.length; depth++) {
      const directory = parts.slice(0, depth).join('/')
      trees.set(directory, { ...trees.get(directory), [parts.slice(depth).join('/')]: content })
    }
  }
  return trees
}
