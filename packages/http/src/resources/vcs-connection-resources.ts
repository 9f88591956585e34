import type { VcsConnection } from '@cairn/core'
import { toMany, toOne, type ResourceObject } from '../jsonapi/documents.ts'

const DISPLAY_NAMES: Record<VcsConnection['serviceProvider'], string> = {
  github: 'GitHub',
  github_enterprise: 'GitHub Enterprise',
  gitlab_hosted: 'GitLab.com',
  gitlab_community_edition: 'GitLab Community Edition',
  gitlab_enterprise_edition: 'GitLab Enterprise Edition',
  bitbucket_hosted: 'Bitbucket Cloud',
  bitbucket_server: 'Bitbucket Server',
  bitbucket_data_center: 'Bitbucket Data Center',
  ado_server: 'Azure DevOps Server',
  ado_services: 'Azure DevOps Services',
}

/** A connection as the real API's OAuth client. Its credential is write-only: never in here. */
export function oauthClientResource(connection: VcsConnection): ResourceObject {
  return {
    id: connection.id,
    type: 'oauth-clients',
    attributes: {
      name: connection.name,
      'service-provider': connection.serviceProvider,
      'service-provider-display-name': DISPLAY_NAMES[connection.serviceProvider],
      'http-url': connection.httpUrl,
      'api-url': connection.apiUrl,
      key: null,
      'rsa-public-key': null,
      'callback-url': null,
      'connect-path': null,
      'organization-scoped': true,
      'created-at': connection.createdAt.toISOString(),
    },
    relationships: {
      organization: toOne('organizations', connection.organizationName),
      'oauth-tokens': toMany('oauth-tokens', [connection.tokenId]),
    },
    links: { self: `/api/v2/oauth-clients/${connection.id}` },
  }
}

/** A connection's credential as the real API's OAuth token: that it exists, never its value. */
export function oauthTokenResource(connection: VcsConnection): ResourceObject {
  return {
    id: connection.tokenId,
    type: 'oauth-tokens',
    attributes: {
      uid: connection.tokenId,
      'created-at': connection.createdAt.toISOString(),
      'has-ssh-key': false,
      'service-provider-user': null,
    },
    relationships: { 'oauth-client': toOne('oauth-clients', connection.id) },
    links: { self: `/api/v2/oauth-tokens/${connection.tokenId}` },
  }
}
