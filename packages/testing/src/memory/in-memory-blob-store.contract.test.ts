import { blobStoreContract } from '../contracts/index.ts'
import { InMemoryBlobStore } from './in-memory-blob-store.ts'

blobStoreContract('in-memory', async () => ({ store: new InMemoryBlobStore(), async dispose() {} }))
