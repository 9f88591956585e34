/** The media types of the OCI artifacts Cairn serves (reference §4; OCI image spec 1.1). */
export const OCI_MEDIA_TYPES = {
  manifest: 'application/vnd.oci.image.manifest.v1+json',
  index: 'application/vnd.oci.image.index.v1+json',
  empty: 'application/vnd.oci.empty.v1+json',
  zip: 'archive/zip',
  modulePackage: 'application/vnd.opentofu.modulepkg',
} as const

/**
 * The empty descriptor, the config of an artifact that has none: `{}`, whose SHA-256 is fixed.
 * OpenTofu ignores the config; `oras` fetches it as a blob.
 */
export const EMPTY_CONFIG = {
  mediaType: OCI_MEDIA_TYPES.empty,
  digest: 'sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a',
  size: 2,
  data: 'e30=',
} as const

/** The empty config's content, `{}`. */
export const EMPTY_CONFIG_CONTENT = '{}'
