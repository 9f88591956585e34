import { ANALYSE_UPLOAD_JOB, workUploadJobs } from './modules/upload-jobs.ts'
import type { JobDefinition, JobQueue } from './ports/job-queue.ts'
import type { UseCases } from './use-cases.ts'
import { INGEST_VCS_VERSION_JOB, SYNC_VCS_TAGS_JOB, workVcsJobs } from './vcs/vcs-jobs.ts'

/** Every kind of job the use cases queue. */
export const JOB_DEFINITIONS: readonly JobDefinition[] = [ANALYSE_UPLOAD_JOB, SYNC_VCS_TAGS_JOB, INGEST_VCS_VERSION_JOB]

/**
 * Declares every kind of job, so that use cases may queue them in a process that works none of
 * them (another process sharing the queue, or the next start, runs them).
 */
export async function declareJobs(queue: JobQueue): Promise<void> {
  for (const definition of JOB_DEFINITIONS) await queue.define(definition)
}

/**
 * Declares every kind of job and works them in this process: the analysis of uploads and VCS
 * ingestion. Whatever serves uploads or publishes from VCS must call it (or share the queue with
 * a process that does), or versions wait in `reg_ingressing` / `pending`.
 */
export async function workJobs(queue: JobQueue, useCases: Pick<UseCases, 'vcsJobs' | 'analyseUpload'>): Promise<void> {
  await workVcsJobs(queue, useCases.vcsJobs)
  await workUploadJobs(queue, useCases.analyseUpload)
}
