import { versionDescription, type ModuleAddress, type ModuleVersionSummary, type RegistryModule } from '@cairn/core'
import { compareText, contains, type InMemoryState } from './in-memory-state.ts'

/** By namespace, name, provider, then registry, as the stores order module providers. */
export const byAddress = (a: RegistryModule, b: RegistryModule) =>
  compareText(a.namespace, b.namespace) ||
  compareText(a.name, b.name) ||
  compareText(a.provider, b.provider) ||
  compareText(a.registryName, b.registryName)

/** Whether two addresses name the same module (whatever their providers). */
export const sameModule = (a: Omit<ModuleAddress, 'provider'>, b: Omit<ModuleAddress, 'provider'>) =>
  a.registryName === b.registryName && a.namespace === b.namespace && a.name === b.name

/** Whether the module's name, namespace or provider contains `search`, case-insensitively. */
export function matches(module: RegistryModule, search: string): boolean {
  return [module.name, module.namespace, module.provider].some((value) => contains(value, search))
}

export function moduleAt(state: InMemoryState, organizationName: string, address: ModuleAddress): RegistryModule | undefined {
  return [...state.registryModules.values()].find(
    (m) => m.organizationName === organizationName && sameModule(m, address) && m.provider === address.provider,
  )
}

/** The versions of each module, oldest first, with their downloads and description and without their metadata. */
export function versionSummariesOf(state: InMemoryState, moduleIds: readonly string[]): Map<string, ModuleVersionSummary[]> {
  const result = new Map<string, ModuleVersionSummary[]>(moduleIds.map((id) => [id, []]))
  const versions = [...state.moduleVersions.values()].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || compareText(a.id, b.id),
  )
  for (const { metadata, ...version } of versions) {
    result
      .get(version.moduleId)
      ?.push({ ...version, downloads: state.moduleDownloads.get(version.id) ?? 0, description: versionDescription(metadata) })
  }
  return result
}
