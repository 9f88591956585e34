import { CairnError } from '../errors/cairn-error.ts'

/** `private` modules are published here; `public` ones are curated records of a public registry. */
export type RegistryName = 'private' | 'public'

export const REGISTRY_NAMES: readonly RegistryName[] = ['private', 'public']

/** Alphanumerics, with `-` and `_` allowed except first and last; at most 64 characters. */
const NAME = /^[A-Za-z0-9](?:[A-Za-z0-9_-]{0,62}[A-Za-z0-9])?$/
/** Lower-case alphanumerics; at most 64 characters. */
const PROVIDER = /^[a-z0-9]{1,64}$/

const NAME_RULE = 'must be 1 to 64 letters, digits, "-" or "_", starting and ending with a letter or digit'

export function parseModuleName(value: string): string {
  if (!NAME.test(value)) throw CairnError.invalidField('name', NAME_RULE)
  return value
}

export function parseNamespace(value: string): string {
  if (!NAME.test(value)) throw CairnError.invalidField('namespace', NAME_RULE)
  return value
}

export function parseProvider(value: string): string {
  if (!PROVIDER.test(value)) throw CairnError.invalidField('provider', 'must be 1 to 64 lower-case letters or digits')
  return value
}

export function isRegistryName(value: string): value is RegistryName {
  return (REGISTRY_NAMES as readonly string[]).includes(value)
}

/** Where a module provider lives: registry, namespace, name and provider. */
export interface ModuleAddress {
  readonly registryName: RegistryName
  readonly namespace: string
  readonly name: string
  readonly provider: string
}
