import { CairnError } from '../errors/cairn-error.ts'
import type { Run, RunStatus } from '../runs/run.ts'

/** What a workspace keeps of its current run, so lists filter and sort without a join. */
export interface CurrentRun {
  readonly id: string
  readonly status: RunStatus
  readonly createdAt: Date
}

/** A workspace: the unit that runs the tool against one set of state. */
export interface Workspace {
  readonly id: string
  readonly name: string
  readonly organizationName: string
  readonly toolVersionId: string | null
  readonly locked: boolean
  readonly createdAt: Date
  /** When its latest state version was created; its creation time while it has none. */
  readonly latestChangeAt: Date
  readonly currentRun: CurrentRun | null
}

/** The workspace with `run` as its current run, or with its status brought up to date. */
export function withCurrentRun(workspace: Workspace, run: Run): Workspace {
  return { ...workspace, currentRun: { id: run.id, status: run.status, createdAt: run.createdAt } }
}

const NAME = /^[A-Za-z0-9_-]{1,90}$/

/** A workspace name: letters, digits, `-` and `_`, at most 90 characters. */
export function parseWorkspaceName(value: string): string {
  if (!NAME.test(value)) throw CairnError.invalidField('name', 'must be 1 to 90 letters, digits, "-" or "_"')
  return value
}
