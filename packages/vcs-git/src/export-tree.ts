import { CairnError } from '@cairn/core'
import { chmod, mkdir, symlink, writeFile } from 'node:fs/promises'
import * as fs from 'node:fs'
import { join } from 'node:path'
import git from 'isomorphic-git'

const EXECUTABLE = '100755'
const SYMLINK = '120000'

/**
 * Writes the tree `oid` of the repository at `gitdir` into the empty directory `into`. Entry
 * names come from the repository, so one that could step out of `into` is refused.
 */
export async function exportTree(gitdir: string, oid: string, into: string): Promise<void> {
  const { tree } = await git.readTree({ fs, gitdir, oid })
  for (const entry of tree) {
    if (entry.path === '.' || entry.path === '..' || /[/\\\0]/.test(entry.path)) {
      throw new CairnError('invalid', `the repository holds an unsafe path ${JSON.stringify(entry.path)}`, [{ field: 'archive', message: 'holds an unsafe path' }])
    }
    const target = join(into, entry.path)
    if (entry.type === 'tree') {
      await mkdir(target)
      await exportTree(gitdir, entry.oid, target)
    } else if (entry.type === 'blob') {
      const { blob } = await git.readBlob({ fs, gitdir, oid: entry.oid })
      if (entry.mode === SYMLINK) await symlink(Buffer.from(blob).toString('utf8'), target)
      else {
        await writeFile(target, blob)
        if (entry.mode === EXECUTABLE) await chmod(target, 0o755)
      }
    }
    // A submodule (type `commit`) has no content in this repository; the archive leaves it out.
  }
}
