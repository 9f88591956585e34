import { CairnError } from '../errors/cairn-error.ts'

/** A repository on a git host, as `vcs-repo.identifier` names it (spec §2.1). */
export interface VcsIdentifier {
  /** The organization (or a self-managed host's project key). */
  readonly owner: string
  /** The project, for the provider whose identifiers read `:org/:project/_git/:repo`. */
  readonly project: string | null
  readonly repository: string
}

const SEGMENT = /^[A-Za-z0-9_.-]+$/
const FIELD = 'vcs-repo.identifier'

/** `:org/:repo`, or `:org/:project/_git/:repo`; anything else is refused on `vcs-repo.identifier`. */
export function parseVcsIdentifier(value: string): VcsIdentifier {
  const parts = value.split('/')
  const safe = parts.every((part) => SEGMENT.test(part) && part !== '.' && part !== '..')
  if (safe && parts.length === 2) return { owner: parts[0] ?? '', project: null, repository: parts[1] ?? '' }
  if (safe && parts.length === 4 && parts[2] === '_git')
    return { owner: parts[0] ?? '', project: parts[1] ?? '', repository: parts[3] ?? '' }
  throw CairnError.invalidField(FIELD, 'must read :org/:repo, or :org/:project/_git/:repo')
}

/** The identifier's path on its host, as it appears in the repository's address. */
export function vcsIdentifierPath({ owner, project, repository }: VcsIdentifier): string {
  return project === null ? `${owner}/${repository}` : `${owner}/${project}/_git/${repository}`
}

/**
 * Name and provider from a repository named `terraform-<provider>-<name>`, as the registry
 * derives them; `null` for any other name (the caller must then be told, or given explicit ones).
 */
export function moduleNameFromRepository(repository: string): { readonly provider: string; readonly name: string } | null {
  const match = /^terraform-([a-z0-9]{1,64})-([A-Za-z0-9](?:[A-Za-z0-9_-]{0,62}[A-Za-z0-9])?)$/.exec(repository)
  return match === null ? null : { provider: match[1] ?? '', name: match[2] ?? '' }
}
