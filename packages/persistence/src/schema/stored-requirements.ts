import type { ModuleCall, ModuleMetadata, ModulePart, ProviderRequirement } from '@cairn/core'

/** What one part requires, as stored: null where the metadata had none (versions stored before). */
export interface StoredPartRequirements {
  readonly providerRequirements: readonly ProviderRequirement[] | null
  readonly moduleCalls: readonly ModuleCall[] | null
}

/** A version's `requirements` column: its root's and its submodules' requirements. */
export interface StoredRequirements {
  readonly root: StoredPartRequirements
  readonly submodules: readonly (StoredPartRequirements & { readonly path: string })[] | null
}

/** The requirements column of a version with this metadata. */
export function storedRequirementsOf(metadata: ModuleMetadata | null): StoredRequirements | null {
  if (metadata === null) return null
  const partOf = ({ providerRequirements, moduleCalls }: ModulePart) => ({ providerRequirements, moduleCalls })
  return { root: partOf(metadata.root), submodules: metadata.submodules.map((part) => ({ path: part.path, ...partOf(part) })) }
}
