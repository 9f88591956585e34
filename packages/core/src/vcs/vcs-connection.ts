import { CairnError } from '../errors/cairn-error.ts'
import { vcsIdentifierPath, type VcsIdentifier } from './vcs-identifier.ts'

/** The git hosts a connection can reach, by the names the real API gives them. */
export const VCS_SERVICE_PROVIDERS = [
  'github',
  'github_enterprise',
  'gitlab_hosted',
  'gitlab_community_edition',
  'gitlab_enterprise_edition',
  'bitbucket_hosted',
  'bitbucket_server',
  'bitbucket_data_center',
  'ado_server',
  'ado_services',
] as const

export type VcsServiceProvider = (typeof VCS_SERVICE_PROVIDERS)[number]

/**
 * A VCS connection: what the real API splits into an OAuth client (`oc-…`, the git host) and its
 * OAuth token (`ot-…`, the credential), which modules name in `vcs-repo.oauth-token-id`. The
 * credential is kept sealed (see `SecretCipher`, with the connection's id as context) and is never
 * shown again once given.
 */
export interface VcsConnection {
  readonly id: string
  readonly tokenId: string
  readonly organizationName: string
  readonly name: string | null
  readonly serviceProvider: VcsServiceProvider
  /** The git host's HTTP base address, e.g. `https://gitlab.example.com`. */
  readonly httpUrl: string
  readonly apiUrl: string
  readonly sealedCredential: string
  readonly createdAt: Date
  readonly updatedAt: Date
}

export function isVcsServiceProvider(value: string): value is VcsServiceProvider {
  return (VCS_SERVICE_PROVIDERS as readonly string[]).includes(value)
}

/** An http(s) base address without credentials, query or fragment; its trailing `/` dropped. */
export function parseHostUrl(field: string, value: string): string {
  const url = URL.canParse(value) ? new URL(value) : null
  if (
    url === null ||
    !/^https?:$/.test(url.protocol) ||
    url.username !== '' ||
    url.password !== '' ||
    url.search !== '' ||
    url.hash !== ''
  ) {
    throw CairnError.invalidField(field, 'must be an http or https address without credentials, query or fragment')
  }
  return url.href.replace(/\/+$/, '')
}

const ADO: readonly VcsServiceProvider[] = ['ado_server', 'ado_services']
const BITBUCKET_SELF_MANAGED: readonly VcsServiceProvider[] = ['bitbucket_server', 'bitbucket_data_center']

/**
 * The repository's smart-HTTP address on the connection's host. Only Azure DevOps names
 * repositories `:org/:project/_git/:repo`, and only in that form (spec §2.1).
 */
export function repositoryUrl(connection: Pick<VcsConnection, 'serviceProvider' | 'httpUrl'>, identifier: VcsIdentifier): string {
  const ado = ADO.includes(connection.serviceProvider)
  if (ado !== (identifier.project !== null)) {
    const form = ado ? ':org/:project/_git/:repo' : ':org/:repo'
    throw CairnError.invalidField('vcs-repo.identifier', `must read ${form} for a ${connection.serviceProvider} connection`)
  }
  const { owner, project, repository } = identifier
  if (project !== null) return `${connection.httpUrl}/${owner}/${project}/_git/${repository}`
  if (BITBUCKET_SELF_MANAGED.includes(connection.serviceProvider)) return `${connection.httpUrl}/scm/${owner}/${repository}.git`
  return `${connection.httpUrl}/${owner}/${repository}.git`
}

/**
 * The repository's web address on the connection's host, as `vcs-repo.repository-http-url` shows
 * it: the smart-HTTP address without `.git`; Bitbucket Server and Data Center show a repository
 * at `/projects/:project/repos/:repo` (their git address is under `/scm`).
 */
export function repositoryWebUrl(connection: Pick<VcsConnection, 'serviceProvider' | 'httpUrl'>, identifier: VcsIdentifier): string {
  if (BITBUCKET_SELF_MANAGED.includes(connection.serviceProvider))
    return `${connection.httpUrl}/projects/${identifier.owner}/repos/${identifier.repository}`
  return `${connection.httpUrl}/${vcsIdentifierPath(identifier)}`
}

/** A commit's page on its host's web interface, from the repository's web address. */
export function commitWebUrl(host: { readonly serviceProvider: string; readonly repositoryHttpUrl: string }, sha: string): string {
  if (host.serviceProvider.startsWith('gitlab')) return `${host.repositoryHttpUrl}/-/commit/${sha}`
  if (host.serviceProvider.startsWith('bitbucket')) return `${host.repositoryHttpUrl}/commits/${sha}`
  return `${host.repositoryHttpUrl}/commit/${sha}`
}

/** The user name each host expects beside a token in HTTP basic auth. */
export function credentialUsername(provider: VcsServiceProvider): string {
  if (provider.startsWith('github')) return 'x-access-token'
  if (provider.startsWith('gitlab')) return 'oauth2'
  if (provider === 'bitbucket_hosted') return 'x-token-auth'
  return 'git'
}
