import { CairnError, type UpstreamModuleDetail, type UpstreamVersions } from '@cairn/core'

type JsonObject = Readonly<Record<string, unknown>>

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function hasVersion(value: unknown): value is UpstreamModuleDetail {
  return isObject(value) && typeof value['version'] === 'string'
}

function isVersions(value: unknown): value is UpstreamVersions {
  return (
    isObject(value) &&
    Array.isArray(value['modules']) &&
    value['modules'].every((module) => isObject(module) && Array.isArray(module['versions']) && module['versions'].every(hasVersion))
  )
}

function notTheProtocol(what: string): CairnError {
  return new CairnError('upstream_failed', `the public registry answered with something that is not ${what}`)
}

/** The protocol's versions answer: `modules[].versions[].version`, the rest passed through. */
export function parseVersions(body: unknown): UpstreamVersions {
  if (!isVersions(body)) throw notTheProtocol('a list of module versions')
  return body
}

/** The protocol's detail answer for one module version, the rest passed through. */
export function parseModuleDetail(body: unknown): UpstreamModuleDetail {
  if (!hasVersion(body)) throw notTheProtocol('a module version')
  return body
}

/** The `modules.v1` entry of a discovery document, if it has one. */
export function modulesService(body: unknown): string | undefined {
  const modules = isObject(body) ? body['modules.v1'] : undefined
  return typeof modules === 'string' ? modules : undefined
}
