import type { S3BlobStore, S3BlobStoreOptions } from './s3-blob-store.ts'

/**
 * An `S3BlobStore`, with the AWS SDK loaded now rather than when the package is imported: a
 * process that keeps its blobs elsewhere never loads the SDK's hundreds of modules.
 */
export async function openS3BlobStore(options: S3BlobStoreOptions): Promise<S3BlobStore> {
  const { S3BlobStore } = await import('./s3-blob-store.ts')
  return new S3BlobStore(options)
}
