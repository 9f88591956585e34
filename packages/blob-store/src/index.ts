export { FsBlobStore, type FsBlobStoreOptions } from './fs/fs-blob-store.ts'
// Types only: the class and the AWS SDK under it load through `openS3BlobStore`, when S3 is chosen.
export type { S3BlobStore, S3BlobStoreOptions } from './s3/s3-blob-store.ts'
export { openS3BlobStore } from './s3/open-s3-blob-store.ts'
