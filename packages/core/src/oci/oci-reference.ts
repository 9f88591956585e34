/** What a `/v2/<name>/manifests/<reference>` names: a tag (a version, or `latest`) or a digest. */
export type OciReference =
  | { readonly kind: 'digest'; readonly sha256: string }
  | { readonly kind: 'latest' }
  | { readonly kind: 'version'; readonly version: string }

const DIGEST = /^sha256:([0-9a-f]{64})$/

/** The lower-case hex of a `sha256:<hex>` digest; undefined for any other spelling or algorithm. */
export function sha256OfDigest(digest: string): string | undefined {
  return DIGEST.exec(digest)?.[1]
}

/**
 * The tag of a version: OCI tags cannot hold `+`, so build metadata is written with `_`, as
 * OpenTofu's `oci_mirror` reads it. Reversible: semver has no `_`.
 */
export function tagOfVersion(version: string): string {
  return version.replaceAll('+', '_')
}

/** What a manifest reference names. `latest`, which OpenTofu asks for when no tag is given, is the latest release. */
export function parseOciReference(reference: string): OciReference {
  if (reference.startsWith('sha256:') || reference.includes(':')) {
    return { kind: 'digest', sha256: sha256OfDigest(reference) ?? '' }
  }
  if (reference === 'latest') return { kind: 'latest' }
  return { kind: 'version', version: reference.replaceAll('_', '+') }
}
