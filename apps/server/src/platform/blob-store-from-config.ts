import { FsBlobStore, openS3BlobStore } from '@cairn/blob-store'
import type { BlobStore } from '@cairn/core'
import { InMemoryBlobStore } from '@cairn/memory'
import type { CairnBlobOptions } from '../embed/cairn-options.ts'

/** What the wiring holds of a blob store: the store, and how to sweep and release it. */
export interface OpenedBlobStore {
  readonly store: BlobStore
  sweep(): Promise<unknown>
  close(): void
}

/** The blob store the options name, and how to release it; the AWS SDK is loaded only for S3. */
export async function blobStoreFrom(options: CairnBlobOptions): Promise<OpenedBlobStore> {
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
      const store = await openS3BlobStore({
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
