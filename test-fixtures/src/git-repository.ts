import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

/**
 * A bare repository `<root>/<name>.git` built with real `git`, for a git server to serve. Each
 * commit replaces the whole tree with the files given.
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

  /** Tags the current commit; an annotated tag when `annotated`. */
  tag(name: string, annotated = false): void {
    const identity = ['-c', 'user.name=Fixture', '-c', 'user.email=fixture@example.com']
    if (annotated) this.#git(...identity, 'tag', '-a', '-m', name, name)
    else this.#git('tag', name)
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
    return execFileSync('git', [`--git-dir=${this.#gitDir}`, `--work-tree=${this.#workTree}`, ...args], { encoding: 'utf8' }).trim()
  }
}
