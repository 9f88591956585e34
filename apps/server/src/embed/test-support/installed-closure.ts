import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** A package npm installed, and whether installing it ran code of its own. */
export interface InstalledPackage {
  readonly name: string
  /** Its preinstall/install/postinstall scripts, and `node-gyp rebuild`, which npm runs for a `binding.gyp` without one. */
  readonly installScripts: readonly string[]
}

const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'] as const

/** Every package under `nodeModules`, nested ones included: what a host's install brought. */
export function installedPackages(nodeModules: string): InstalledPackage[] {
  if (!existsSync(nodeModules)) return []
  return readdirSync(nodeModules)
    .filter((entry) => !entry.startsWith('.'))
    .flatMap((entry) =>
      entry.startsWith('@')
        ? readdirSync(join(nodeModules, entry)).map((name) => join(nodeModules, entry, name))
        : [join(nodeModules, entry)],
    )
    .flatMap((folder) => {
      const file = join(folder, 'package.json')
      if (!existsSync(file)) return []
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name: string; scripts?: Record<string, string> }
      const scripts = INSTALL_SCRIPTS.filter((script) => manifest.scripts?.[script] !== undefined)
      const gyp = existsSync(join(folder, 'binding.gyp')) && !scripts.includes('install') ? ['node-gyp rebuild'] : []
      return [{ name: manifest.name, installScripts: [...scripts, ...gyp] }, ...installedPackages(join(folder, 'node_modules'))]
    })
}
