import { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { CairnError, type BlobStore, type ByteStream, type StoredBlob } from '@cairn/core'
import { assertBlobKey, assertBlobPrefix, isBlobKey } from '../blob-key.ts'
import { ContentMeter } from '../content-meter.ts'
import { inBucket, translateError } from './translate-error.ts'

export interface S3BlobStoreOptions {
  readonly bucket: string
  /** Put before every key, so that stores can share a bucket: empty, or ending in `/`. */
  readonly keyPrefix?: string
  /**
   * How to reach the server: `region`, `endpoint` and `credentials` for anything but AWS with its
   * default chain, and `forcePathStyle: true` for MinIO-like servers that serve buckets under a
   * path (`<endpoint>/<bucket>`) rather than a host name.
   */
  readonly client: S3ClientConfig
  /** Size of a multipart part (8 MiB; S3 refuses less than 5 MiB). Up to two parts are in memory per write. */
  readonly partSizeBytes?: number
}

const DEFAULT_PART_SIZE = 8 * 1024 * 1024

/**
 * A `BlobStore` in an S3 bucket (AWS, or any S3-compatible server). A write streams through
 * `Upload`: one PutObject when the content fits in a part, a multipart upload otherwise, which S3
 * makes visible only when completed and which is aborted when the content fails or grows past
 * `maxBytes`; so readers see the old object or the whole new one. Aborts can fail too: give the
 * bucket a lifecycle rule that removes incomplete multipart uploads after a day.
 */
export class S3BlobStore implements BlobStore {
  readonly #client: S3Client
  readonly #bucket: string
  readonly #keyPrefix: string
  readonly #partSize: number

  constructor(options: S3BlobStoreOptions) {
    const keyPrefix = options.keyPrefix ?? ''
    if (keyPrefix !== '' && !(keyPrefix.endsWith('/') && isBlobKey(keyPrefix.slice(0, -1)))) {
      throw CairnError.invalidField('keyPrefix', 'must be empty or a blob key followed by "/"')
    }
    this.#client = new S3Client(options.client)
    this.#bucket = options.bucket
    this.#keyPrefix = keyPrefix
    this.#partSize = options.partSizeBytes ?? DEFAULT_PART_SIZE
  }

  /** Raises `invalid` on `archive` past `maxBytes`, `unavailable` when S3 cannot be used. */
  async put(key: string, content: ByteStream, options: { readonly maxBytes?: number } = {}): Promise<StoredBlob> {
    const objectKey = this.#objectKey(key)
    const meter = new ContentMeter(options.maxBytes)
    const body = Readable.from(meter.pass(content))
    const params = { Bucket: this.#bucket, Key: objectKey, Body: body }
    try {
      await new Upload({ client: this.#client, params, partSize: this.#partSize, queueSize: 2 }).done()
      return meter.measured()
    } catch (error) {
      throw meter.raised(error) ? error : translateError(error, key)
    } finally {
      // A failed request leaves the content half read: release it.
      body.destroy()
    }
  }

  /** The object's content as S3 streams it. Raises `not_found` when absent. */
  async get(key: string): Promise<ByteStream> {
    const command = new GetObjectCommand({ Bucket: this.#bucket, Key: this.#objectKey(key) })
    const { Body } = await inBucket(key, () => this.#client.send(command))
    // In Node the SDK answers with the HTTP response itself, a Readable.
    if (!(Body instanceof Readable)) throw new Error('the S3 client answered with a body that is not a Node stream')
    return Body
  }

  async has(key: string): Promise<boolean> {
    const command = new HeadObjectCommand({ Bucket: this.#bucket, Key: this.#objectKey(key) })
    try {
      await this.#client.send(command)
      return true
    } catch (error) {
      const translated = translateError(error, key)
      if (translated instanceof CairnError && translated.code === 'not_found') return false
      throw translated
    }
  }

  /** S3 answers a delete of an absent key as done, which is what the port asks. */
  async delete(key: string): Promise<void> {
    const command = new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#objectKey(key) })
    await inBucket(key, () => this.#client.send(command))
  }

  async *list(prefix: string): AsyncIterable<string> {
    assertBlobPrefix(prefix)
    const query = { Bucket: this.#bucket, Prefix: this.#keyPrefix + prefix }
    const pages = paginateListObjectsV2({ client: this.#client }, query)
    try {
      for await (const page of pages) {
        for (const { Key } of page.Contents ?? []) if (Key !== undefined) yield Key.slice(this.#keyPrefix.length)
      }
    } catch (error) {
      throw translateError(error, prefix)
    }
  }

  /** Closes the client's connections; the store cannot be used afterwards. */
  close(): void {
    this.#client.destroy()
  }

  #objectKey(key: string): string {
    assertBlobKey(key)
    return this.#keyPrefix + key
  }
}
