import type { ToolVersionFields, ToolVersionUsage } from '@cairn/core'
import { isObject, type RequestResource } from '../jsonapi/request-document.ts'
import { readAttributes, requireAttributes, type AttributeValues } from '../jsonapi/attributes.ts'

/**
 * The resource type: `tool-versions`, or `terraform-versions`, the name the real API and the
 * official Go client use, served as a compatibility alias.
 */
export type ToolVersionType = 'tool-versions' | 'terraform-versions'

const ATTRIBUTES = {
  version: { name: 'version', kind: 'string' },
  url: { name: 'url', kind: 'string' },
  sha: { name: 'sha', kind: 'string' },
  deprecated: { name: 'deprecated', kind: 'boolean' },
  deprecatedReason: { name: 'deprecated-reason', kind: 'string-or-null' },
  official: { name: 'official', kind: 'boolean' },
  enabled: { name: 'enabled', kind: 'boolean' },
  beta: { name: 'beta', kind: 'boolean' },
} as const

type ToolVersionAttributes = AttributeValues<typeof ATTRIBUTES>

export function toolVersionResource({ toolVersion, usage }: ToolVersionUsage, type: ToolVersionType) {
  return {
    id: toolVersion.id,
    type,
    attributes: {
      version: toolVersion.version,
      url: toolVersion.url,
      sha: toolVersion.sha,
      deprecated: toolVersion.deprecated,
      'deprecated-reason': toolVersion.deprecatedReason,
      official: toolVersion.official,
      enabled: toolVersion.enabled,
      beta: toolVersion.beta,
      usage,
      archs: [{ url: toolVersion.url, sha: toolVersion.sha, os: 'linux', arch: 'amd64' }],
      'created-at': toolVersion.createdAt.toISOString(),
      'updated-at': toolVersion.updatedAt.toISOString(),
    },
    links: { self: `/api/v2/admin/${type}/${toolVersion.id}` },
  }
}

/** The fields of a create request: `version`, `url` and `sha` are required. */
export function readToolVersionCreate(resource: RequestResource) {
  const values = withLinuxAmd64Archive(resource, readAttributes(resource.attributes, ATTRIBUTES))
  requireAttributes(values, ATTRIBUTES, ['version', 'url', 'sha'])
  const { version, url, sha, ...optional } = values
  return { version: version ?? '', url: url ?? '', sha: sha ?? '', ...optional }
}

/** The fields of an update request; every one is optional. */
export function readToolVersionUpdate(resource: RequestResource): Partial<ToolVersionFields> {
  return withLinuxAmd64Archive(resource, readAttributes(resource.attributes, ATTRIBUTES))
}

/**
 * Newer clients may describe the binary only in `archs`; the linux/amd64 entry is the one
 * spec §2.5's `url` and `sha` mean, so it stands in for them when they are not given.
 */
function withLinuxAmd64Archive(resource: RequestResource, values: ToolVersionAttributes): ToolVersionAttributes {
  const archs = resource.attributes['archs']
  if (!Array.isArray(archs)) return values
  const entry: unknown = archs.find((arch) => isObject(arch) && arch['os'] === 'linux' && arch['arch'] === 'amd64')
  if (!isObject(entry)) return values
  const { url, sha } = entry
  return {
    ...values,
    ...(values.url === undefined && typeof url === 'string' ? { url } : {}),
    ...(values.sha === undefined && typeof sha === 'string' ? { sha } : {}),
  }
}
