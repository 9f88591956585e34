import type { ModuleAddress } from '@cairn/core'

/** The module page of a private module provider. */
export function moduleHref(module: ModuleAddress, version?: string): string {
  const path = `/app/${[module.namespace, module.name, module.provider].map(encodeURIComponent).join('/')}`
  return version === undefined ? path : `${path}?version=${encodeURIComponent(version)}`
}
