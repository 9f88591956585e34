import type { BlobStore } from '../ports/blob-store.ts'
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.ts'

/**
 * Runs `work`, which deletes rows and returns the blob keys they pointed at, then deletes those
 * blobs once the transaction has committed: a crash in between leaves only orphan blobs, never a
 * version pointing at nothing. A blob that cannot be deleted now is left to the orphan sweep
 * rather than failing a deletion that has already happened.
 */
export async function deleteBlobsAfter<T extends readonly string[]>(
  deps: { readonly unitOfWork: UnitOfWork; readonly blobs: BlobStore },
  work: (repositories: Repositories) => Promise<T>,
): Promise<void> {
  const keys = await deps.unitOfWork.run(work)
  for (const key of keys) await deps.blobs.delete(key).catch(() => undefined)
}
