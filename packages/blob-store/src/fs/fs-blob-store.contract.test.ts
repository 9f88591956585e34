import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { blobStoreContract } from '@cairn/testing/contracts'
import { FsBlobStore } from './fs-blob-store.ts'

blobStoreContract('filesystem', async () => {
  const root = await mkdtemp(join(tmpdir(), 'cairn-blobs-'))
  return { store: new FsBlobStore({ root }), dispose: () => rm(root, { recursive: true, force: true }) }
})
