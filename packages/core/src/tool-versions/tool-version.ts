/** One binary of a tool version: where to download it for one platform. */
export interface ToolArchive {
  readonly url: string
  /** Lower-case hex SHA-256 of the zip at `url`. */
  readonly sha: string
  readonly os: string
  readonly arch: string
}

/** A version of the tool (terraform/tofu) that workspaces may run, with where to download it. */
export interface ToolVersion extends ToolVersionSettings {
  readonly id: string
  /** Every platform's binary, in the order given; at least one. */
  readonly archs: readonly ToolArchive[]
  /** The `linux/amd64` entry's url and sha, as spec §2.5 names them; empty when there is none. */
  readonly url: string
  readonly sha: string
  readonly createdAt: Date
  readonly updatedAt: Date
}

/** A tool version as lists and reads show it: with how many workspaces use it. */
export interface ToolVersionUsage {
  readonly toolVersion: ToolVersion
  readonly usage: number
}

/** Everything about a tool version but its binaries. */
export interface ToolVersionSettings {
  /** `N.N.N` or `N.N.N-bundleName`; unique. */
  readonly version: string
  readonly deprecated: boolean
  /** Null unless `deprecated`. */
  readonly deprecatedReason: string | null
  readonly official: boolean
  readonly enabled: boolean
  readonly beta: boolean
}

/**
 * The binaries as a client describes them: `url` and `sha` (the linux/amd64 binary), `archs`
 * (every platform's), or both, which must then agree.
 */
export interface ToolBinaries {
  readonly url?: string
  readonly sha?: string
  readonly archs?: readonly ToolArchive[]
}

/** The fields a client may set; on update each is optional and an absent one is kept. */
export type ToolVersionFields = ToolVersionSettings & ToolBinaries

export const TOOL_VERSION_DEFAULTS = {
  deprecated: false,
  deprecatedReason: null,
  official: false,
  enabled: true,
  beta: false,
} as const satisfies Partial<ToolVersionFields>
