import type { VcsHost } from '../modules/module-view.ts'
import type { RegistryModule } from '../modules/registry-module.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import { GITHUB_APP_SERVICE_PROVIDER } from './github-app-installation.ts'
import { repositoryWebUrl, type VcsConnection } from './vcs-connection.ts'
import { parseVcsIdentifier } from './vcs-identifier.ts'

/**
 * The git host of each VCS module, by module id, read through the modules' connections as they
 * are now (one read per connection, however many modules share it). A module whose connection
 * is gone has none; neither has a GitHub App module when no app is configured (`githubWebUrl` null).
 */
export async function vcsHostsOf(
  repositories: Repositories,
  modules: readonly RegistryModule[],
  githubWebUrl: string | null,
): Promise<Map<string, VcsHost>> {
  const tokenIds = new Set(modules.flatMap((module) => (module.vcsRepo?.oauthTokenId == null ? [] : [module.vcsRepo.oauthTokenId])))
  const connections = new Map<string, VcsConnection>()
  for (const tokenId of tokenIds) {
    const connection = await repositories.vcsConnections.findByTokenId(tokenId)
    if (connection !== undefined) connections.set(tokenId, connection)
  }
  const hosts = new Map<string, VcsHost>()
  for (const module of modules) {
    const repo = module.vcsRepo
    if (repo === null) continue
    if (repo.githubAppInstallationId !== null) {
      if (githubWebUrl !== null)
        hosts.set(module.id, {
          serviceProvider: GITHUB_APP_SERVICE_PROVIDER,
          repositoryHttpUrl: repositoryWebUrl({ serviceProvider: 'github', httpUrl: githubWebUrl }, parseVcsIdentifier(repo.identifier)),
        })
      continue
    }
    const connection = connections.get(repo.oauthTokenId ?? '')
    if (connection !== undefined) hosts.set(module.id, hostOf(connection, repo.identifier))
  }
  return hosts
}

function hostOf(connection: VcsConnection, identifier: string): VcsHost {
  return { serviceProvider: connection.serviceProvider, repositoryHttpUrl: repositoryWebUrl(connection, parseVcsIdentifier(identifier)) }
}
