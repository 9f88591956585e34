import type { GitRepository } from './git-repository.ts'

/**
 * A commit whose tree names `name` twice: a symbolic link to `target`, then a file (executable
 * unless `mode` says otherwise) holding `content`. An export that writes the entries out in turn
 * writes the file through the link, to wherever `target` is. Returns the commit's sha.
 */
export function linkThenFile(
  repository: GitRepository,
  target: string,
  { name = 'x', content = '#!/bin/sh\necho pwned\n', mode = '100755' } = {},
): string {
  const link = repository.blob(target)
  const file = repository.blob(content)
  return repository.commitTree(
    repository.tree([
      { mode: '120000', name, oid: link },
      { mode, name, oid: file },
    ]),
  )
}

/**
 * A commit of nested identical subtrees beside a `main.tf`: `depth` levels of `fanOut` copies of
 * the level below, the lowest holding `fanOut` copies of one file of `fileBytes` bytes. It is
 * `depth + 4` objects however many files it names: `fanOut ** depth` of them, and `main.tf`.
 */
export function treeBomb(repository: GitRepository, { fanOut = 10, depth = 5, fileBytes = 4096 } = {}): string {
  const names = Array.from({ length: fanOut }, (_, i) => String(i).padStart(String(fanOut - 1).length, '0'))
  let level = repository.blob('x'.repeat(fileBytes - 1) + '\n')
  let mode = '100644'
  for (let i = 0; i < depth; i++) {
    level = repository.tree(names.map((name) => ({ mode, name, oid: level })))
    mode = '40000'
  }
  const main = repository.blob('variable "a" {}\n')
  return repository.commitTree(
    repository.tree([
      { mode: '40000', name: 'bomb', oid: level },
      { mode: '100644', name: 'main.tf', oid: main },
    ]),
  )
}
