/**
 * A workspace: the unit that runs the tool against one set of state. For now only what the
 * tool-version rules need: which tool version it runs.
 */
export interface Workspace {
  readonly id: string
  readonly name: string
  readonly organizationName: string
  readonly toolVersionId: string | null
  readonly createdAt: Date
}
