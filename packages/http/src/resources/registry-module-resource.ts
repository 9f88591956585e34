import type { ModuleView, RegistryModule } from '@cairn/core'
import { toMany, toOne, type ResourceObject } from '../jsonapi/documents.ts'
import { VCS_WEBHOOKS } from '../routes/vcs-webhook-routes.ts'

/**
 * A registry module (one provider) with the statuses of its versions, as the reference shows;
 * `appRoot` is where clients reach the app (see `appRoot`), which the absolute webhook URL starts with.
 */
export function registryModuleResource({ module, versions, permissions, webhookToken, vcsHost }: ModuleView, appRoot: URL): ResourceObject {
  return {
    id: module.id,
    type: 'registry-modules',
    attributes: {
      name: module.name,
      namespace: module.namespace,
      provider: module.provider,
      'registry-name': module.registryName,
      status: module.status,
      'publishing-mechanism': module.publishingMechanism,
      'no-code': module.noCode,
      'version-statuses': versions.map((version) => ({
        version: version.version,
        status: version.status,
        ...(version.error !== null && { error: version.error }),
      })),
      ...(module.vcsRepo !== null && {
        'vcs-repo': {
          identifier: module.vcsRepo.identifier,
          'display-identifier': module.vcsRepo.displayIdentifier,
          branch: module.vcsRepo.branch,
          tags: module.vcsRepo.tags,
          // TFE's other tag filter; Cairn filters by tag-prefix only, so it is never set.
          'tags-regex': null,
          'oauth-token-id': module.vcsRepo.oauthTokenId,
          'github-app-installation-id': module.vcsRepo.githubAppInstallationId,
          'source-directory': module.vcsRepo.sourceDirectory,
          'tag-prefix': module.vcsRepo.tagPrefix,
          'ingress-submodules': module.vcsRepo.ingressSubmodules,
          'repository-http-url': vcsHost?.repositoryHttpUrl ?? null,
          'service-provider': vcsHost?.serviceProvider ?? null,
          // Absolute, as git hosts need it; for those who manage modules only.
          'webhook-url': webhookToken === null ? null : new URL(`${VCS_WEBHOOKS.slice(1)}/${webhookToken}`, appRoot).href,
        },
      }),
      'test-config': { 'tests-enabled': module.testsEnabled },
      permissions: {
        'can-delete': permissions.canDelete,
        'can-resync': permissions.canResync,
        'can-retry': permissions.canRetry,
      },
      'created-at': module.createdAt.toISOString(),
      'updated-at': module.updatedAt.toISOString(),
    },
    relationships: {
      organization: toOne('organizations', module.organizationName),
      'no-code-modules': toMany('no-code-modules', module.noCode ? [noCodeModuleId(module)] : []),
    },
    links: {
      self: `/api/v2/organizations/${module.organizationName}/registry-modules/${module.registryName}/${module.namespace}/${module.name}/${module.provider}`,
    },
  }
}

/**
 * TFE keeps a module's no-code settings as a resource of their own; Cairn has only the module's
 * `no-code` flag, so a no-code module is that flag seen as a resource: enabled, pinned to no
 * version (the latest), with an id derived from the module's.
 */
export function noCodeModuleResource(module: RegistryModule): ResourceObject {
  return {
    id: noCodeModuleId(module),
    type: 'no-code-modules',
    attributes: { enabled: true, 'version-pin': '' },
    relationships: {
      organization: toOne('organizations', module.organizationName),
      'registry-module': toOne('registry-modules', module.id),
      'variable-options': toMany('variable-options', []),
    },
  }
}

function noCodeModuleId(module: RegistryModule): string {
  return `nocode-${module.id.replace(/^mod-/, '')}`
}
