import type { TreeEntry } from 'isomorphic-git'
import { refusal, shown } from './export-limits.ts'

/** What an archive of a tree holds, in the order it holds it. */
export type TreeItem =
  | { readonly kind: 'directory'; readonly path: string }
  | { readonly kind: 'file'; readonly path: string; readonly oid: string; readonly executable: boolean }

/** The entries of the tree `oid`, as isomorphic-git reads them. */
export type ReadTree = (oid: string) => Promise<readonly TreeEntry[]>

/**
 * The files and directories under the tree `oid`, depth first, each directory before what it
 * holds. A tree is read only when the walk reaches it, so a walk that is stopped reads no more;
 * the walk keeps a stack rather than recursing, so a deep tree costs no more per entry.
 * Refuses (`invalid` on `archive`) a tree that names an entry twice or names one unsafely, and
 * any symbolic link; leaves submodules out, as they have no content in this repository.
 */
export async function* walkTree(readTree: ReadTree, oid: string): AsyncGenerator<TreeItem> {
  const open = [await listing(readTree, oid, '')]
  for (let top = open.at(-1); top !== undefined; top = open.at(-1)) {
    const entry = top.entries[top.next++]
    if (entry === undefined) {
      open.pop()
      continue
    }
    const path = `${top.prefix}${entry.path}`
    if (entry.type === 'tree') {
      yield { kind: 'directory', path }
      open.push(await listing(readTree, entry.oid, `${path}/`))
    } else if (entry.type === 'blob') {
      if (entry.mode === '120000')
        throw refusal(`holds a symbolic link (\`${shown(path)}\`); only regular files and directories are allowed`)
      yield { kind: 'file', path, oid: entry.oid, executable: entry.mode === '100755' }
    }
  }
}

/** A tree being walked: its entries, checked, and the next one to take. */
interface Listing {
  readonly entries: readonly TreeEntry[]
  readonly prefix: string
  next: number
}

async function listing(readTree: ReadTree, oid: string, prefix: string): Promise<Listing> {
  const entries = await readTree(oid)
  checkNames(entries, prefix)
  return { entries, prefix, next: 0 }
}

/**
 * Refuses what `git fsck` reports as `duplicateEntries` (two entries of one name, whatever their
 * types) and names that are not one path segment or that git would not check out.
 */
function checkNames(entries: readonly TreeEntry[], prefix: string): void {
  const names = new Set<string>()
  for (const { path: name } of entries) {
    if (!isSafeName(name)) throw refusal(`holds an unsafe path (\`${shown(prefix + name)}\`)`)
    if (names.has(name)) throw refusal(`holds \`${shown(prefix + name)}\` twice`)
    names.add(name)
  }
}

/**
 * Not empty, not `.` or `..`, no separator or NUL, and not `.git` however a file system might
 * spell it (any case, trailing dots and spaces). isomorphic-git refuses these (and NTFS short
 * names, HFS+ ignorable characters) while it parses a tree; this does not rely on it.
 */
function isSafeName(name: string): boolean {
  if (name === '' || name === '.' || name === '..' || /[/\\\0]/.test(name)) return false
  return !/^\.git[. ]*$/i.test(name)
}
