/** A version of the tool (terraform/tofu) that workspaces may run, with where to download it. */
export interface ToolVersion extends ToolVersionFields {
  readonly id: string
  readonly createdAt: Date
  readonly updatedAt: Date
}

/** A tool version as lists and reads show it: with how many workspaces use it. */
export interface ToolVersionUsage {
  readonly toolVersion: ToolVersion
  readonly usage: number
}

/** The fields a client may set; on update each is optional and an absent one is kept. */
export interface ToolVersionFields {
  /** `N.N.N` or `N.N.N-bundleName`; unique. */
  readonly version: string
  readonly url: string
  /** Lower-case hex SHA-256 of the zip at `url`. */
  readonly sha: string
  readonly deprecated: boolean
  /** Null unless `deprecated`. */
  readonly deprecatedReason: string | null
  readonly official: boolean
  readonly enabled: boolean
  readonly beta: boolean
}

export const TOOL_VERSION_DEFAULTS = {
  deprecated: false,
  deprecatedReason: null,
  official: false,
  enabled: true,
  beta: false,
} as const satisfies Partial<ToolVersionFields>
