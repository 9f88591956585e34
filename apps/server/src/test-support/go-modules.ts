import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdtemp, rename, rm } from 'node:fs/promises'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** Where built Go tools are cached, outside any checkout, beside the Node of scripts/provision.sh. */
export function cairnToolsDir(): string {
  return process.env['CAIRN_TOOLS'] ?? join(process.env['XDG_CACHE_HOME'] ?? join(homedir(), '.cache'), 'cairn-tools')
}

/**
 * Builds a Go module from the module proxy once per machine into `folder` (under cairnToolsDir):
 * `module@version` is downloaded, copied somewhere writable (the module cache is read-only, and
 * builds and tests want to write beside the sources) and handed to `build`, which fills the
 * folder it is given. The folder appears whole or not at all.
 */
export async function buildGoModuleOnce(
  go: string,
  target: { readonly module: string; readonly version: string; readonly folder: string; readonly marker: string },
  build: (source: string, into: string) => Promise<void>,
): Promise<void> {
  if (existsSync(join(target.folder, target.marker))) return
  const { stdout } = await run(go, ['mod', 'download', '-json', `${target.module}@${target.version}`], { maxBuffer: 1 << 20 })
  const { Dir: moduleDir } = JSON.parse(stdout) as { Dir: string }
  const source = await mkdtemp(join(tmpdir(), 'cairn-go-module-'))
  const partial = `${target.folder}.partial-${process.pid}`
  try {
    await cp(moduleDir, source, { recursive: true })
    await run('chmod', ['-R', 'u+w', source])
    await build(source, partial)
    await rename(partial, target.folder).catch(async (error: unknown) => {
      // Another build finished first; its result is as good as ours.
      if (!existsSync(join(target.folder, target.marker))) throw error
    })
  } finally {
    await rm(source, { recursive: true, force: true })
    await rm(partial, { recursive: true, force: true })
  }
}
