import { EMPTY_CONFIG, OCI_MEDIA_TYPES } from './oci-media-types.ts'

/**
 * A module version's OCI artifact, built once from one archive of the version and kept: its zip
 * and its image manifest, whose digests therefore never change while the version serves that
 * archive. A version whose archive is replaced gets a new package.
 */
export interface ModulePackage {
  readonly id: string
  readonly versionId: string
  /** The SHA-256 of the stored archive (`ModuleArchive.sha256`) it was built from. */
  readonly archiveSha256: string
  /** The zip layer: lower-case hex SHA-256 and size in bytes. */
  readonly zipSha256: string
  readonly zipSize: number
  /** The image manifest, exactly as served (ASCII JSON). */
  readonly manifest: string
  readonly manifestSha256: string
  readonly createdAt: Date
}

/** Where a package's blobs are kept; outside `modules/`, whose orphans the archive sweep removes. */
export function modulePackageKeys(packageId: string) {
  return { zip: `oci/modules/${packageId}/package.zip`, manifest: `oci/modules/${packageId}/manifest.json` }
}

/** The version a manifest of `moduleManifestJson` names; undefined for any other JSON. */
export function manifestVersion(manifest: string): string | undefined {
  const { annotations } = JSON.parse(manifest) as { readonly annotations?: Readonly<Record<string, string>> }
  return annotations?.[VERSION_ANNOTATION]
}

const VERSION_ANNOTATION = 'org.opencontainers.image.version'

/**
 * The image manifest of a module version (reference §4): artifact type `modulepkg`, the empty
 * config and one `archive/zip` layer, named `module.zip`. The version is an annotation, so that versions with the same
 * content still have manifests of their own.
 */
export function moduleManifestJson(zip: { readonly sha256: string; readonly size: number }, version: string): string {
  return JSON.stringify({
    schemaVersion: 2,
    mediaType: OCI_MEDIA_TYPES.manifest,
    artifactType: OCI_MEDIA_TYPES.modulePackage,
    config: EMPTY_CONFIG,
    layers: [
      {
        mediaType: OCI_MEDIA_TYPES.zip,
        digest: `sha256:${zip.sha256}`,
        size: zip.size,
        // The file name `oras pull` saves the layer as; without one it skips the layer.
        annotations: { 'org.opencontainers.image.title': 'module.zip' },
      },
    ],
    annotations: { [VERSION_ANNOTATION]: version },
  })
}
