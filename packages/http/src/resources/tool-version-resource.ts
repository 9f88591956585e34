import type { ToolVersionUsage } from '@cairn/core'
import { z } from 'zod'
import { attributes, nullable, optional, resourceDocument } from '../jsonapi/request-schemas.ts'

/**
 * The resource type: `tool-versions`, or `terraform-versions`, the name the real API and the
 * official Go client use, served as a compatibility alias.
 */
export type ToolVersionType = 'tool-versions' | 'terraform-versions'

const ARCHIVE = z.object({ url: z.string(), sha: z.string(), os: z.string(), arch: z.string() })

/** The attributes a request may set; `version` is required when creating one. */
function toolVersionAttributes<V extends z.ZodType<string | undefined>>(version: V) {
  return attributes({
    version: ['version', version],
    url: ['url', optional(z.string())],
    sha: ['sha', optional(z.string())],
    deprecated: ['deprecated', optional(z.boolean())],
    deprecatedReason: ['deprecated-reason', nullable(z.string())],
    official: ['official', optional(z.boolean())],
    enabled: ['enabled', optional(z.boolean())],
    beta: ['beta', optional(z.boolean())],
    archs: ['archs', optional(z.array(ARCHIVE))],
  })
}

/** A create request, for resource type `type`. */
export function newToolVersion(type: ToolVersionType) {
  return resourceDocument(type, toolVersionAttributes(z.string()))
}

/** An update request, for resource type `type`: every attribute is optional. */
export function toolVersionChange(type: ToolVersionType) {
  return resourceDocument(type, toolVersionAttributes(optional(z.string())))
}

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
      archs: toolVersion.archs.map(({ url, sha, os, arch }) => ({ url, sha, os, arch })),
      'created-at': toolVersion.createdAt.toISOString(),
      'updated-at': toolVersion.updatedAt.toISOString(),
    },
    links: { self: `/api/v2/admin/${type}/${toolVersion.id}` },
  }
}
