import type { ModuleAddress, ModulePart } from '@cairn/core'

/** The module page of a private module provider. */
export function moduleHref(module: ModuleAddress, version?: string): string {
  const path = `/app/${[module.namespace, module.name, module.provider].map(encodeURIComponent).join('/')}`
  return version === undefined ? path : `${path}?version=${encodeURIComponent(version)}`
}

/** The page of a submodule or example (`modules/subnet`, `examples/basic`) of a version. */
export function partHref(module: ModuleAddress, part: Pick<ModulePart, 'path'>, version: string): string {
  return `${moduleHref(module)}/${part.path.split('/').map(encodeURIComponent).join('/')}?version=${encodeURIComponent(version)}`
}
