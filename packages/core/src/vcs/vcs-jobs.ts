import { CairnError } from '../errors/cairn-error.ts'
import type { JobDefinition, JobPayload, JobQueue } from '../ports/job-queue.ts'
import type { IngestVcsVersion } from './ingest-vcs-version.ts'
import type { SyncVcsTags } from './sync-vcs-tags.ts'

/** Reads a module's tags and queues the ingestion of each version still to ingest. */
export const SYNC_VCS_TAGS_JOB: JobDefinition = { name: 'vcs.sync-tags', retryLimit: 5, retryDelaySeconds: 10, timeoutSeconds: 120 }
/** Clones one version's commit, stores and analyses its archive. */
export const INGEST_VCS_VERSION_JOB: JobDefinition = { name: 'vcs.ingest-version', retryLimit: 5, retryDelaySeconds: 10, timeoutSeconds: 600 }

/** Queues a sync of the module's tags (resync, webhook, poll); one waits per module at a time. */
export function queueTagSync(queue: JobQueue, moduleId: string): Promise<boolean> {
  return queue.enqueue(SYNC_VCS_TAGS_JOB.name, { moduleId }, moduleId)
}

/** Queues the ingestion of one version; one waits per version at a time. */
export function queueIngestion(queue: JobQueue, versionId: string): Promise<boolean> {
  return queue.enqueue(INGEST_VCS_VERSION_JOB.name, { versionId }, versionId)
}

/** Declares the VCS jobs and works them in this process. */
export async function workVcsJobs(queue: JobQueue, useCases: { readonly sync: SyncVcsTags; readonly ingest: IngestVcsVersion }): Promise<void> {
  await queue.define(SYNC_VCS_TAGS_JOB)
  await queue.define(INGEST_VCS_VERSION_JOB)
  await queue.work(SYNC_VCS_TAGS_JOB.name, async (payload) => {
    for (const versionId of await useCases.sync.execute({ moduleId: stringIn(payload, 'moduleId') })) {
      await queueIngestion(queue, versionId)
    }
  })
  await queue.work(INGEST_VCS_VERSION_JOB.name, (payload) => useCases.ingest.execute({ versionId: stringIn(payload, 'versionId') }))
}

/** A payload field these jobs wrote as a string; anything else is a corrupt job, failed. */
function stringIn(payload: JobPayload, field: string): string {
  const value = payload[field]
  if (typeof value !== 'string') throw CairnError.invalidField(field, 'must be a string in the job payload')
  return value
}
