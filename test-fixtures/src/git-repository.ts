import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

/** One entry of a tree that `GitRepository.tree` writes exactly as given. */
export interface GitTreeEntry {
  /** `100644`, `100755`, `120000` (a symbolic link: the blob is its target), `40000` (a tree), `160000` (a submodule). */
  readonly mode: string
  readonly name: string
  readonly oid: string
}

/**
 * A bare repository `<root>/<name>.git` built with real `git`, for a git server to serve. Each
 * commit replaces the whole tree with the files given; `blob`, `tree` and `commitTree` build
 * trees no work tree could hold, as a hostile host serves them.
 */
export class GitRepository {
  readonly #gitDir: string
  readonly #workTree: string

  private constructor(gitDir: string, workTree: string) {
    this.#gitDir = gitDir
    this.#workTree = workTree
  }

  static create(root: string, name: string, branch = 'main'): GitRepository {
    const gitDir = join(root, `${name}.git`)
    mkdirSync(gitDir, { recursive: true })
    execFileSync('git', ['init', '--quiet', '--bare', `--initial-branch=${branch}`, gitDir])
    return new GitRepository(gitDir, mkdtempSync(join(tmpdir(), 'cairn-git-work-')))
  }

  /** Commits exactly `files` (path → content) on the current branch; returns the commit's sha. */
  commit(files: Readonly<Record<string, string>>, message = 'change'): string {
    rmSync(this.#workTree, { recursive: true, force: true })
    mkdirSync(this.#workTree)
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(this.#workTree, path)), { recursive: true })
      writeFileSync(join(this.#workTree, path), content)
    }
    this.#git('add', '--all')
    this.#git('-c', 'user.name=Fixture', '-c', 'user.email=fixture@example.com', 'commit', '--quiet', '--allow-empty', '-m', message)
    return this.#git('rev-parse', 'HEAD')
  }

  /** Stores `content` as a blob; returns its id. */
  blob(content: string | Uint8Array): string {
    return this.#gitWithInput(content, 'hash-object', '-w', '--stdin')
  }

  /**
   * Stores a tree of exactly `entries`, in that order and unchecked: the duplicate and unsafe
   * names `git fsck` reports, which nothing stops a host from serving. Returns its id.
   */
  tree(entries: readonly GitTreeEntry[]): string {
    const raw = entries.map(({ mode, name, oid }) => Buffer.concat([Buffer.from(`${mode} ${name}\0`), Buffer.from(oid, 'hex')]))
    return this.#gitWithInput(Buffer.concat(raw), 'hash-object', '-t', 'tree', '--literally', '-w', '--stdin')
  }

  /** Commits `tree` as it is on the current branch; returns the commit's sha. */
  commitTree(tree: string, message = 'change'): string {
    const identity = ['-c', 'user.name=Fixture', '-c', 'user.email=fixture@example.com']
    const sha = this.#git(...identity, 'commit-tree', tree, '-m', message)
    this.#git('update-ref', 'HEAD', sha)
    return sha
  }

  /** Tags the current commit; an annotated tag when `annotated`. */
  tag(name: string, annotated = false): void {
    const identity = ['-c', 'user.name=Fixture', '-c', 'user.email=fixture@example.com']
    if (annotated) this.#git(...identity, 'tag', '-a', '-m', name, name)
    else this.#git('tag', name)
  }

  /** Moves the existing tag `name` to the current commit, as a force-pushed tag does. */
  moveTag(name: string): void {
    this.#git('tag', '--force', name)
  }

  /** Starts or moves to `branch` at the current commit. */
  checkout(branch: string): void {
    this.#git('update-ref', `refs/heads/${branch}`, 'HEAD')
    this.#git('symbolic-ref', 'HEAD', `refs/heads/${branch}`)
  }

  /** Removes the repository from disk, as a host does when it is deleted. */
  remove(): void {
    rmSync(this.#gitDir, { recursive: true, force: true })
    rmSync(this.#workTree, { recursive: true, force: true })
  }

  #git(...args: string[]): string {
    return this.#gitWithInput(undefined, ...args)
  }

  #gitWithInput(input: string | Uint8Array | undefined, ...args: string[]): string {
    return execFileSync('git', [`--git-dir=${this.#gitDir}`, `--work-tree=${this.#workTree}`, ...args], {
      encoding: 'utf8',
      ...(input !== undefined && { input }),
    }).trim()
  }
}
