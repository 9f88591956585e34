import { CairnError, FieldErrors, type CreateToolVersionCommand, type ToolArchive, type ToolVersionFields, type ToolVersionUsage } from '@cairn/core'
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
      archs: toolVersion.archs.map(({ url, sha, os, arch }) => ({ url, sha, os, arch })),
      'created-at': toolVersion.createdAt.toISOString(),
      'updated-at': toolVersion.updatedAt.toISOString(),
    },
    links: { self: `/api/v2/admin/${type}/${toolVersion.id}` },
  }
}

/** The fields of a create request: `version` is required (the use case requires the binaries). */
export function readToolVersionCreate(resource: RequestResource): CreateToolVersionCommand {
  const values = readToolVersionUpdate(resource)
  requireAttributes(values, ATTRIBUTES, ['version'])
  return { ...values, version: values.version ?? '' }
}

/** The fields of an update request; every one is optional. */
export function readToolVersionUpdate(resource: RequestResource): Partial<ToolVersionFields> {
  const values: ToolVersionAttributes = readAttributes(resource.attributes, ATTRIBUTES)
  const archs = readArchs(resource.attributes['archs'])
  return { ...values, ...(archs !== undefined && { archs }) }
}

const ARCHIVE = {
  url: { name: 'url', kind: 'string' },
  sha: { name: 'sha', kind: 'string' },
  os: { name: 'os', kind: 'string' },
  arch: { name: 'arch', kind: 'string' },
} as const

/** `archs`: absent or null is not given; otherwise an array of {url, sha, os, arch} strings. */
function readArchs(value: unknown): ToolArchive[] | undefined {
  if (value === undefined || value === null) return undefined
  if (!Array.isArray(value)) throw CairnError.invalidField('/data/attributes/archs', 'must be an array')
  const errors = new FieldErrors()
  const archs = value.map((entry: unknown, index) => {
    const pointer = `/data/attributes/archs/${index}`
    if (!isObject(entry)) {
      errors.add(pointer, 'must be an object')
      return undefined
    }
    const fields = errors.collect(() => readAttributes(entry, ARCHIVE, pointer))
    if (fields === undefined) return undefined
    for (const name of ['url', 'sha', 'os', 'arch'] as const) if (fields[name] === undefined) errors.add(`${pointer}/${name}`, 'is required')
    return { url: fields.url ?? '', sha: fields.sha ?? '', os: fields.os ?? '', arch: fields.arch ?? '' }
  })
  errors.throwIfAny()
  return archs.filter((archive) => archive !== undefined)
}
