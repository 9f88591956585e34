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
export const SYNC_VCS_TAGS_JOB: JobDefinition = {
  name: 'vcs.sync-tags',
  retryLimit: 5,
  retryDelaySeconds: 10,
  timeoutSeconds: 120,
  groupConcurrency: PER_ORGANIZATION,
}
/** Clones one version's commit and stores its archive, queued then for the analysis uploads get too. */
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

/** What one ingestion takes: the version, the commit to take its tree from, and whose it is. */
export interface IngestionRequest {
  readonly versionId: string
  /** The tag's commit as the sync found it, or the version's own. */
  readonly commitSha: string | null
  readonly organizationName: string
}

/** Queues the ingestion of one version; one waits per version at a time (the next sync queues a commit that lost that race). */
export function queueIngestion(queue: JobQueue, request: IngestionRequest): Promise<boolean> {
  const { versionId, commitSha, organizationName } = request
  return queue.enqueue(INGEST_VCS_VERSION_JOB.name, { versionId, commitSha }, versionId, { group: organizationName })
}

/**
 * Declares the VCS jobs and works them in this process. A sync that reached its cap of versions
 * queues the next sync of its module itself, which runs once this one ends.
 */
export async function workVcsJobs(
  queue: JobQueue,
  useCases: { readonly sync: SyncVcsTags; readonly ingest: IngestVcsVersion },
): Promise<void> {
  await queue.define(SYNC_VCS_TAGS_JOB)
  await queue.define(INGEST_VCS_VERSION_JOB)
  await queue.work(SYNC_VCS_TAGS_JOB.name, async (payload, { signal }) => {
    const { module, toIngest, complete } = await useCases.sync.execute({ moduleId: stringIn(payload, 'moduleId'), signal })
    if (module === null) return
    for (const version of toIngest) await queueIngestion(queue, { ...version, organizationName: module.organizationName })
    if (!complete) await queueTagSync(queue, module)
  })
  await queue.work(INGEST_VCS_VERSION_JOB.name, (payload, { signal }) =>
    useCases.ingest.execute({ versionId: stringIn(payload, 'versionId'), commitSha: commitIn(payload), signal }),
  )
}

/** The commit of an ingestion; null in jobs queued before they named one (the version's own is taken). */
function commitIn(payload: JobPayload): string | null {
  return payload['commitSha'] === undefined || payload['commitSha'] === null ? null : stringIn(payload, 'commitSha')
}

/** A payload field these jobs wrote as a string; anything else is a corrupt job, failed. */
function stringIn(payload: JobPayload, field: string): string {
  const value = payload[field]
  if (typeof value !== 'string') throw CairnError.invalidField(field, 'must be a string in the job payload')
  return value
}
