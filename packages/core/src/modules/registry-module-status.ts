import { CairnError } from '../errors/cairn-error.ts'
import type { RegistryModule, RegistryModuleStatus } from './registry-module.ts'

/**
 * The module lifecycle (docs/architecture.md shows it as a table): for each status a module can
 * come to, the statuses it comes from. A module is `pending` when created; once a version of it
 * is served it is `setup_complete` for good.
 */
export const MODULE_STATUS_TRANSITIONS = {
  /** A version of it settled `ok`. */
  setup_complete: ['pending', 'no_version_tags', 'setup_failed'],
  /** A sync found no version tag in its repository. */
  no_version_tags: ['pending'],
  /** A sync found its repository gone, or refusing the credential. */
  setup_failed: ['pending', 'no_version_tags'],
} as const satisfies Record<Exclude<RegistryModuleStatus, 'pending'>, readonly RegistryModuleStatus[]>

export type ModuleStatusChange = keyof typeof MODULE_STATUS_TRANSITIONS

/** Whether the module may come to `status` from where it is. */
export function mayBecome(module: Pick<RegistryModule, 'status'>, status: ModuleStatusChange): boolean {
  const from: readonly RegistryModuleStatus[] = MODULE_STATUS_TRANSITIONS[status]
  return from.includes(module.status)
}

/** The module with a version served. */
export function completeSetup(module: RegistryModule, at: Date): RegistryModule {
  return become(module, 'setup_complete', at)
}

/** The module, its repository holding no version tag. */
export function lackVersionTags(module: RegistryModule, at: Date): RegistryModule {
  return become(module, 'no_version_tags', at)
}

/** The module, its repository unreachable before any version of it was served. */
export function failSetup(module: RegistryModule, at: Date): RegistryModule {
  return become(module, 'setup_failed', at)
}

function become(module: RegistryModule, status: ModuleStatusChange, at: Date): RegistryModule {
  if (!mayBecome(module, status))
    throw new CairnError('precondition', `module ${module.name} is ${module.status}: it cannot become ${status}`)
  return { ...module, status, updatedAt: at }
}
