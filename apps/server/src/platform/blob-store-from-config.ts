import { FsBlobStore, S3BlobStore } from '@cairn/blob-store'
import type { BlobStore } from '@cairn/core'
import type { BlobConfig } from '../config.ts'

/** The blob store the configuration names, and how to release it. */
export function blobStoreFrom(config: BlobConfig): { store: BlobStore; sweep(): Promise<unknown>; close(): void } {
  if (config.kind === 'filesystem') {
    const store = new FsBlobStore({ root: config.root })
    return { store, sweep: () => store.sweepTemporaryFiles(), close: () => undefined }
  }
  const store = new S3BlobStore({
    bucket: config.bucket,
    keyPrefix: config.prefix,
    client: {
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint !== undefined && { endpoint: config.endpoint }),
      ...(config.credentials !== undefined && { credentials: config.credentials }),
    },
  })
  // Incomplete multipart uploads are left to the bucket's lifecycle rule.
  return { store, sweep: async () => undefined, close: () => store.close() }
}
