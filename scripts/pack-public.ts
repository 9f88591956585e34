/**
 * `pnpm pack:public [destination]`: the tarballs a host installs, in one directory (default
 * `packs/`), from a clean build. Public means not `private` in its manifest: `@cairn/server` and
 * the workspace packages it depends on at run time. The root, the examples, the test fixtures and
 * `@cairn/testing` are private and never packed. A public package depending on a private one could
 * not be installed from the tarballs, so that stops the packing before anything is built.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'

interface WorkspacePackage {
  name: string
  path: string
  private: boolean
}

type Dependencies = Record<string, string>

interface Manifest {
  dependencies?: Dependencies
  optionalDependencies?: Dependencies
  peerDependencies?: Dependencies
}

const root = join(import.meta.dirname, '..')
// pnpm runs the script in the root; a relative destination is meant from where it was typed.
const destination = resolve(process.env['INIT_CWD'] ?? process.cwd(), process.argv[2] ?? join(root, 'packs'))

const workspace = JSON.parse(
  execFileSync('pnpm', ['ls', '-r', '--json', '--depth', '-1'], { cwd: root, encoding: 'utf8' }),
) as WorkspacePackage[]
const privateNames = new Set(workspace.filter((entry) => entry.private).map((entry) => entry.name))
const publicPackages = workspace.filter((entry) => !entry.private)

const unpublishable = publicPackages.flatMap(({ name, path }) => {
  const manifest = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8')) as Manifest
  const runtime = { ...manifest.dependencies, ...manifest.optionalDependencies, ...manifest.peerDependencies }
  return Object.keys(runtime)
    .filter((dependency) => privateNames.has(dependency))
    .map((dependency) => `${name} depends on the private ${dependency}`)
})
if (unpublishable.length > 0) throw new Error(`Cannot pack the public packages: ${unpublishable.join('; ')}`)

// A file deleted from a package's source must not live on in its tarball.
for (const { path } of publicPackages) rmSync(join(path, 'dist'), { recursive: true, force: true })
// The build's output (tsc reports its errors there) goes to standard error, where a caller looks for why it failed.
execFileSync('pnpm', ['run', 'build'], { cwd: root, stdio: ['ignore', 2, 2] })

mkdirSync(destination, { recursive: true })
for (const file of readdirSync(destination).filter((name) => name.endsWith('.tgz'))) rmSync(join(destination, file))
const filters = publicPackages.flatMap(({ name }) => ['--filter', name])
execFileSync('pnpm', ['-r', ...filters, 'pack', '--pack-destination', destination], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
})

const tarballs = readdirSync(destination).filter((name) => name.endsWith('.tgz'))
if (tarballs.length !== publicPackages.length)
  throw new Error(`Expected ${publicPackages.length} tarballs in ${destination}, found ${tarballs.length}`)
for (const file of tarballs.sort()) {
  const kib = statSync(join(destination, file)).size / 1024
  console.log(`${file.padEnd(40)} ${kib.toFixed(1).padStart(8)} KiB`)
}
console.log(`${tarballs.length} tarballs in ${destination}`)
