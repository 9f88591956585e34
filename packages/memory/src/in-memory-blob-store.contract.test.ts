import { blobStoreContract } from '@cairn/testing/contracts'
import { InMemoryBlobStore } from './in-memory-blob-store.ts'

blobStoreContract('in-memory', async () => ({ store: new InMemoryBlobStore(), async dispose() {} }))
