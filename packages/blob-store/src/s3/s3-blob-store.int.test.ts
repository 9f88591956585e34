import { randomUUID } from 'node:crypto'
import { ListMultipartUploadsCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3'
import type { ByteStream } from '@cairn/core'
import { binaryContent, blobStoreContract, chunksOf, sortedOf } from '@cairn/testing/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startS3Server, whyNoS3Server, type S3Server } from '../test-support/versitygw.ts'
import { S3BlobStore } from './s3-blob-store.ts'

const BUCKET = 'cairn-blobs'
const PART = 5 * 1024 * 1024
const cannotRun = whyNoS3Server()

if (cannotRun === undefined) {
  let server: S3Server | undefined
  const config = (overrides: Partial<S3ClientConfig> = {}): S3ClientConfig => {
    if (server === undefined) throw new Error('the S3 server did not start')
    const { endpoint, credentials } = server
    return { endpoint, credentials, region: 'us-east-1', forcePathStyle: true, maxAttempts: 1, ...overrides }
  }
  // A fresh key prefix per store: every test starts on an empty store without a bucket of its own.
  const openStore = (overrides: Partial<S3ClientConfig> = {}, bucket = BUCKET) =>
    new S3BlobStore({ bucket, keyPrefix: `test-${randomUUID()}/`, client: config(overrides), partSizeBytes: PART })

  beforeAll(async () => {
    server = await startS3Server()
    await server.createBucket(BUCKET)
  }, 600_000)
  afterAll(() => server?.stop())

  blobStoreContract('S3 (versitygw)', async () => {
    const store = openStore()
    return { store, dispose: async () => store.close() }
  })

  describe('S3BlobStore', () => {
    it('keeps stores with different key prefixes apart', async () => {
      const [a, b] = [openStore(), openStore()]
      await a.put('modules/x', chunksOf('a'))
      await expect(sortedOf(b.list(''))).resolves.toEqual([])
      await expect(b.has('modules/x')).resolves.toBe(false)
      a.close()
      b.close()
    })

    it('aborts the multipart upload when the content fails after the first part', async () => {
      async function* failing(): ByteStream {
        yield binaryContent(PART + 1024)
        await new Promise((resolve) => setTimeout(resolve, 200))
        throw new Error('the client went away')
      }
      const store = openStore()
      await expect(store.put('modules/cut', failing())).rejects.toThrow('the client went away')
      const admin = new S3Client(config())
      const { Uploads = [] } = await admin.send(new ListMultipartUploadsCommand({ Bucket: BUCKET }))
      expect(Uploads.filter((upload) => upload.Key?.endsWith('modules/cut'))).toEqual([])
      admin.destroy()
      store.close()
    })

    // A HEAD answer has no body to name the missing bucket, so `has` reads it as a missing key.
    it.each([
      ['a missing bucket', () => openStore({}, 'no-such-bucket'), false],
      ['wrong credentials', () => openStore({ credentials: { accessKeyId: 'cairn-test', secretAccessKey: 'x' } }), true],
      ['an unreachable server', () => openStore({ endpoint: 'http://127.0.0.1:9' }), true],
    ])('answers unavailable for %s', async (_, open, hasTells) => {
      const store = open()
      const unavailable = { code: 'unavailable' }
      await expect(store.put('x', chunksOf('x'))).rejects.toMatchObject(unavailable)
      await expect(store.get('x')).rejects.toMatchObject(unavailable)
      if (hasTells) await expect(store.has('x')).rejects.toMatchObject(unavailable)
      await expect(sortedOf(store.list(''))).rejects.toMatchObject(unavailable)
      store.close()
    })
  })
} else {
  describe.skip(`S3BlobStore against a real S3-compatible server (skipped: ${cannotRun})`, () => {
    it('runs the blob store contract', () => undefined)
  })
}
