import type { ModuleVersion } from './module-version.ts'
import type { RegistryModule } from './registry-module.ts'

/** A module provider with its versions, oldest first: what reads of a module show. */
export interface ModuleView {
  readonly module: RegistryModule
  readonly versions: readonly ModuleVersion[]
}
