import { CairnError } from '../errors/cairn-error.ts'
import type { RegistryModule } from '../modules/registry-module.ts'
import type { JobDefinition, JobPayload, JobQueue } from '../ports/job-queue.ts'
import type { IngestVcsVersion } from './ingest-vcs-version.ts'
import type { SyncVcsTags } from './sync-vcs-tags.ts'

/**
 * Jobs of one organization running at once in a process, per kind: two, as every organization
 * had before there was a bound, so that one organization's first import of a large repository
 * is no slower; the process runs a third worker, so that one organization alone, however many
 * versions (or stalled git hosts) it has queued, leaves a worker to the others (two can take all three).
 */
const PER_ORGANIZATION = 2

/** Reads a module's tags and queues the ingestion of each version still to ingest. */
export const SYNC_VCS_TAGS_JOB: JobDefinition = { name: 'vcs.sync-tags', retryLimit: 5, retryDelaySeconds: 10, timeoutSeconds: 120, groupConcurrency: PER_ORGANIZATION }
/** Clones one version's commit, stores and analyses its archive. */
export const INGEST_VCS_VERSION_JOB: JobDefinition = {
  name: 'vcs.ingest-version',
  retryLimit: 5,
  retryDelaySeconds: 10,
  timeoutSeconds: 600,
  groupConcurrency: PER_ORGANIZATION,
}

/**
 * Queues a sync of the module's tags (resync, webhook, poll); one waits per module at a time. The
 * organization is the job's group, so that it shares its organization's workers.
 */
export function queueTagSync(queue: JobQueue, module: Pick<RegistryModule, 'id' | 'organizationName'>): Promise<boolean> {
  const { id, organizationName } = module
  return queue.enqueue(SYNC_VCS_TAGS_JOB.name, { moduleId: id }, id, { group: organizationName })
}

/** Queues the ingestion of one version; one waits per version at a time. */
export function queueIngestion(queue: JobQueue, version: { readonly versionId: string; readonly organizationName: string }): Promise<boolean> {
  const { versionId, organizationName } = version
  return queue.enqueue(INGEST_VCS_VERSION_JOB.name, { versionId }, versionId, { group: organizationName })
}

/**
 * Declares the VCS jobs and works them in this process. A sync that reached its cap of versions
 * queues the next sync of its module itself, which runs once this one ends.
 */
export async function workVcsJobs(queue: JobQueue, useCases: { readonly sync: SyncVcsTags; readonly ingest: IngestVcsVersion }): Promise<void> {
  await queue.define(SYNC_VCS_TAGS_JOB)
  await queue.define(INGEST_VCS_VERSION_JOB)
  await queue.work(SYNC_VCS_TAGS_JOB.name, async (payload, { signal }) => {
    const { module, toIngest, complete } = await useCases.sync.execute({ moduleId: stringIn(payload, 'moduleId'), signal })
    if (module === null) return
    for (const versionId of toIngest) await queueIngestion(queue, { versionId, organizationName: module.organizationName })
    if (!complete) await queueTagSync(queue, module)
  })
  await queue.work(INGEST_VCS_VERSION_JOB.name, (payload, { signal }) => useCases.ingest.execute({ versionId: stringIn(payload, 'versionId'), signal }))
}

/** A payload field these jobs wrote as a string; anything else is a corrupt job, failed. */
function stringIn(payload: JobPayload, field: string): string {
  const value = payload[field]
  if (typeof value !== 'string') throw CairnError.invalidField(field, 'must be a string in the job payload')
  return value
}
