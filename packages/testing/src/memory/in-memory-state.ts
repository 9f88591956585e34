import type { AuthToken, ToolVersion, User, Workspace } from '@cairn/core'

/** Everything the in-memory adapters store. Values are immutable, so copying maps copies state. */
export interface InMemoryState {
  users: Map<string, User>
  tokens: Map<string, AuthToken>
  toolVersions: Map<string, ToolVersion>
  workspaces: Map<string, Workspace>
}

export function emptyState(): InMemoryState {
  return { users: new Map(), tokens: new Map(), toolVersions: new Map(), workspaces: new Map() }
}

export function copyState(state: InMemoryState): InMemoryState {
  return {
    users: new Map(state.users),
    tokens: new Map(state.tokens),
    toolVersions: new Map(state.toolVersions),
    workspaces: new Map(state.workspaces),
  }
}
