/** What analysing a module's configuration found; shapes follow the registry protocol's detail. */

export interface ModuleInput {
  readonly name: string
  /** The type constraint as written (`list(string)`), or null when none is declared. */
  readonly type: string | null
  readonly description: string | null
  /** The default as JSON text (`"\"us-east-1\""`, `"3"`), or null when there is none. */
  readonly default: string | null
  /** True when there is no default: callers must set it. */
  readonly required: boolean
  readonly sensitive: boolean
}

export interface ModuleOutput {
  readonly name: string
  readonly description: string | null
  readonly sensitive: boolean
}

export interface ModuleResource {
  /** The resource's local name (`main` in `resource "aws_vpc" "main"`). */
  readonly name: string
  /** The resource type (`aws_vpc`). */
  readonly type: string
}

export interface ProviderRequirement {
  /** The local name (`aws`). */
  readonly name: string
  /** The namespace of the source address (`hashicorp`), or empty when no source is given. */
  readonly namespace: string
  /** The source address (`hashicorp/aws`), or empty when none is given. */
  readonly source: string
  /** The version constraint (`>= 5.0`), or empty when none is given. */
  readonly version: string
}

export interface ModuleCall {
  readonly name: string
  readonly source: string
  /** The version constraint, or empty when none is given. */
  readonly version: string
}

/** The root module, one submodule or one example. */
export interface ModulePart {
  /** `""` for the root, else the directory (`modules/subnet`, `examples/basic`). */
  readonly path: string
  /** The directory's last segment; `""` for the root. */
  readonly name: string
  readonly readme: string | null
  /** True when the directory holds no configuration at all. */
  readonly empty: boolean
  readonly inputs: readonly ModuleInput[]
  readonly outputs: readonly ModuleOutput[]
  readonly resources: readonly ModuleResource[]
  readonly providerRequirements: readonly ProviderRequirement[]
  readonly moduleCalls: readonly ModuleCall[]
}

export interface ModuleMetadata {
  readonly root: ModulePart
  /** `modules/*`, ordered by path. */
  readonly submodules: readonly ModulePart[]
  /** `examples/*`, ordered by path. */
  readonly examples: readonly ModulePart[]
}
