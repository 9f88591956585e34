import type { ModuleAddress } from './module-address.ts'
import type { ModuleVersion } from './module-version.ts'
import type { RegistryModule } from './registry-module.ts'

/** A module provider's address as the API's paths spell it: `private/acme/vpc/aws`. */
export function addressText(address: ModuleAddress): string {
  return `${address.registryName}/${address.namespace}/${address.name}/${address.provider}`
}

/** How an audit event names a module provider: by id, with its address and organization, which outlive it. */
export function auditedModule(module: RegistryModule) {
  return { targetId: module.id, targetName: addressText(module), organizationName: module.organizationName }
}

/** How an audit event names a version: by id, with its module's address and its number (`private/acme/vpc/aws 1.2.0`). */
export function auditedVersion(module: RegistryModule, version: Pick<ModuleVersion, 'id' | 'version'>) {
  return { targetId: version.id, targetName: `${addressText(module)} ${version.version}`, organizationName: module.organizationName }
}
