import { CairnError } from '../errors/cairn-error.ts'
import type { MirroredProviderAddress } from './mirrored-archive.ts'

/**
 * The site's configuration of the provider mirror: who may read it, which providers it serves
 * (imported or pulled through) and whether a miss is fetched from the provider's origin registry.
 */
export interface ProviderMirrorPolicy {
  /** The organizations whose members (and team and organization tokens) may read; `'*'`: every authenticated caller. Site admins always may. */
  readonly readers: '*' | readonly string[]
  /** `hostname/namespace/type` patterns, `*` standing for any part of a segment: a provider must match one… */
  readonly allow: readonly string[]
  /** …and none of these. */
  readonly deny: readonly string[]
  /** Whether a provider the mirror does not hold is fetched from its origin registry. */
  readonly pullThrough: boolean
}

/** Serves every provider it holds to every authenticated caller, and pulls nothing through. */
export const IMPORT_ONLY_MIRROR: ProviderMirrorPolicy = { readers: '*', allow: ['*/*/*'], deny: [], pullThrough: false }

const SEGMENT = /^[A-Za-z0-9*][A-Za-z0-9.*_-]*$/

/** A pattern as a regular expression over `hostname/namespace/type`; raises `invalid` on `field` when it is not three segments. */
export function mirrorPatternOf(pattern: string, field: string): RegExp {
  const segments = pattern.split('/')
  if (segments.length !== 3 || !segments.every((segment) => SEGMENT.test(segment))) {
    throw CairnError.invalidField(field, `pattern ${JSON.stringify(pattern)} is not hostname/namespace/type (letters, digits, . _ - and *)`)
  }
  const source = segments.map((segment) => segment.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')).join('/')
  return new RegExp(`^${source}$`, 'i')
}

/** Whether the policy serves this provider: it matches an allow pattern and no deny pattern (hostnames case-insensitively). */
export function mirrorServes(policy: ProviderMirrorPolicy, address: MirroredProviderAddress): boolean {
  const name = `${address.hostname}/${address.namespace}/${address.type}`
  const matches = (patterns: readonly string[], field: string) => patterns.some((pattern) => mirrorPatternOf(pattern, field).test(name))
  return matches(policy.allow, 'allow') && !matches(policy.deny, 'deny')
}
