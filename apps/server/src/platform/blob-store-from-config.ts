import { FsBlobStore, S3BlobStore } from '@cairn/blob-store'
import type { BlobStore } from '@cairn/core'
import { InMemoryBlobStore } from '@cairn/memory'
import type { CairnBlobOptions } from '../embed/cairn-options.ts'

/** The blob store the options name, and how to release it. */
export function blobStoreFrom(options: CairnBlobOptions): { store: BlobStore; sweep(): Promise<unknown>; close(): void } {
  switch (options.kind) {
    case 'memory':
      return { store: new InMemoryBlobStore(), sweep: async () => undefined, close: () => undefined }
    case 'custom':
      // The host built it, so the host releases it.
      return { store: options.store, sweep: async () => undefined, close: () => undefined }
    case 'filesystem': {
      const store = new FsBlobStore({ root: options.root })
      return { store, sweep: () => store.sweepTemporaryFiles(), close: () => undefined }
    }
    case 's3': {
      const store = new S3BlobStore({
        bucket: options.bucket,
        keyPrefix: options.prefix ?? '',
        client: {
          region: options.region ?? 'us-east-1',
          forcePathStyle: options.forcePathStyle ?? false,
          ...(options.endpoint !== undefined && { endpoint: options.endpoint }),
          ...(options.credentials !== undefined && { credentials: options.credentials }),
        },
      })
      // Incomplete multipart uploads are left to the bucket's lifecycle rule.
      return { store, sweep: async () => undefined, close: () => store.close() }
    }
  }
}
