import type { ModuleCall, ModuleMetadata, ModulePart, ProviderRequirement } from './module-metadata.ts'
import type { ModuleArchive } from './module-version.ts'

/** What one part of a module requires, as the protocol's `versions` answer lists it. */
export interface PartRequirements {
  readonly providers: readonly ProviderRequirement[]
  readonly dependencies: readonly ModuleCall[]
}

/**
 * A version as the registry protocol's hot path keeps it (`versions`, `download`, latest): only
 * what those answers show, so that a cache of many modules stays small.
 */
export interface ProtocolVersion {
  readonly id: string
  readonly version: string
  readonly archive: ModuleArchive | null
  /** Empty when the version has no metadata. */
  readonly root: PartRequirements
  readonly submodules: readonly (PartRequirements & { readonly path: string })[]
}

/** An `ok` version as the protocol's `download` serves it: its id, to count the download, and its archive. */
export interface ServedArchive {
  readonly id: string
  readonly archive: ModuleArchive
}

/**
 * The list of a module provider's `ok` versions in the protocol's `versions` answer, as JSON text:
 * what the stores keep written for it as the versions change, so that an answer not cached is one
 * read, not made again from every version's requirements.
 */
export interface VersionsDocument {
  readonly json: string
}

/**
 * The `versions` answer's list of these versions, oldest first: each with what it requires and
 * no deprecation (Cairn deprecates no version). The stores may write its JSON otherwise (spacing,
 * the order of keys), never with other values.
 */
export function versionsJson(versions: readonly ProtocolVersion[]): string {
  return JSON.stringify(versions.map(({ version, root, submodules }) => ({ version, root, submodules, deprecation: null })))
}

/** The protocol's view of a version and its metadata. */
export function protocolVersionOf(
  { id, version, archive }: Pick<ProtocolVersion, 'id' | 'version' | 'archive'>,
  metadata: ModuleMetadata | null,
): ProtocolVersion {
  return {
    id,
    version,
    archive,
    root: partRequirements(metadata?.root),
    submodules: (metadata?.submodules ?? []).map((part) => ({ path: part.path, ...partRequirements(part) })),
  }
}

/** What a part requires: its providers and module calls, with only the fields the protocol shows. */
export function partRequirements(part: ModulePart | undefined): PartRequirements {
  return {
    providers: (part?.providerRequirements ?? []).map(({ name, namespace, source, version }) => ({ name, namespace, source, version })),
    dependencies: (part?.moduleCalls ?? []).map(({ name, source, version }) => ({ name, source, version })),
  }
}
