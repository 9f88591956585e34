export { FsBlobStore, type FsBlobStoreOptions } from './fs/fs-blob-store.ts'
export { S3BlobStore, type S3BlobStoreOptions } from './s3/s3-blob-store.ts'
