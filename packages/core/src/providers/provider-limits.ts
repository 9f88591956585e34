/** The largest SHA256SUMS taken: goreleaser's list a line per platform, well under this. */
export const MAX_SHASUMS_BYTES = 1024 * 1024

/** The largest detached signature taken: an RSA-4096 one is about 600 bytes. */
export const MAX_SIGNATURE_BYTES = 64 * 1024

/** The largest provider zip taken: the big public providers' are 100–200 MB. */
export const MAX_PROVIDER_BINARY_BYTES = 512 * 1024 * 1024
