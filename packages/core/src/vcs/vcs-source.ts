import { CairnError } from '../errors/cairn-error.ts'
import type { GithubApp } from '../ports/github-app.ts'
import type { SecretCipher } from '../ports/secret-cipher.ts'
import type { UnitOfWork } from '../ports/unit-of-work.ts'
import type { RegistryModule } from '../modules/registry-module.ts'
import { githubAppRemote } from './github-app-installation.ts'
import type { VcsSource } from './ingest-vcs-version.ts'
import { credentialUsername, repositoryUrl, type VcsConnection } from './vcs-connection.ts'
import { openCredential } from './vcs-credential.ts'
import { parseVcsIdentifier } from './vcs-identifier.ts'

/**
 * The repository address and credential of `identifier` through `connection`. The credential
 * opens only for the origin it was sealed for: an address changed behind the API's back (in the
 * database) raises `unavailable` rather than sending the credential elsewhere.
 */
export function remoteThrough(connection: VcsConnection, identifier: string, cipher: SecretCipher): VcsSource['remote'] {
  return {
    url: repositoryUrl(connection, parseVcsIdentifier(identifier)),
    credential: { username: credentialUsername(connection.serviceProvider), password: openCredential(cipher, connection) },
  }
}

export interface VcsSourceDeps {
  readonly unitOfWork: UnitOfWork
  readonly cipher: SecretCipher
  /** The site's GitHub App; null when none is configured. */
  readonly githubApp: GithubApp | null
}

/**
 * Where a VCS module's archives come from, through its connection as it is now (a changed
 * credential or address applies at once), or through its GitHub App installation with a token
 * minted for the occasion (never stored). A deleted connection fails on `oauth-token-id`.
 */
export function vcsSourceOf(deps: VcsSourceDeps) {
  return async (module: RegistryModule): Promise<VcsSource> => {
    const repo = module.vcsRepo
    if (repo === null) throw new CairnError('precondition', `module ${module.id} is not published from a VCS repository`)
    return {
      remote:
        repo.githubAppInstallationId === null
          ? await remoteOfConnection(deps, repo.oauthTokenId, repo.identifier)
          : await githubAppRemote(deps.githubApp, repo.githubAppInstallationId, repo.identifier),
      ...(repo.sourceDirectory !== '' && { sourceDirectory: repo.sourceDirectory }),
      ...(repo.tagPrefix !== '' && { tagPrefix: repo.tagPrefix }),
    }
  }
}

async function remoteOfConnection(deps: VcsSourceDeps, tokenId: string | null, identifier: string): Promise<VcsSource['remote']> {
  const connection =
    tokenId === null ? undefined : await deps.unitOfWork.read(({ vcsConnections }) => vcsConnections.findByTokenId(tokenId))
  if (connection === undefined) throw CairnError.invalidField('oauth-token-id', 'the VCS connection of this module no longer exists')
  return remoteThrough(connection, identifier, deps.cipher)
}

/** A monorepo subdirectory: relative, `/`-separated, no `.` or `..` segments; `''` for the root. */
export function parseSourceDirectory(value: string): string {
  const trimmed = value.replace(/^\.?\/+/, '').replace(/\/+$/, '')
  if (trimmed === '') return ''
  const ok = trimmed.split('/').every((segment) => /^[A-Za-z0-9_.@+-]+$/.test(segment) && segment !== '.' && segment !== '..')
  if (!ok)
    throw CairnError.invalidField('vcs-repo.source-directory', 'must be a relative path inside the repository, without . or .. segments')
  return trimmed
}

/** A tag prefix: printable, without spaces, at most 128 characters. */
export function parseTagPrefix(value: string): string {
  if (!/^[\x21-\x7e]{0,128}$/.test(value))
    throw CairnError.invalidField('vcs-repo.tag-prefix', 'must be at most 128 printable characters without spaces')
  return value
}
