import { CairnError } from '../errors/cairn-error.ts'
import type { JobDefinition, JobPayload, JobQueue } from '../ports/job-queue.ts'
import type { AnalyseUpload, StoredUpload } from './analyse-upload.ts'

/**
 * Analyses one stored upload and settles its version. The analysis itself takes seconds at most
 * (the analyser's own limits bound it); retries cover a blob store or worker thread that failed.
 */
export const ANALYSE_UPLOAD_JOB: JobDefinition = {
  name: 'modules.analyse-upload',
  retryLimit: 4,
  retryDelaySeconds: 2,
  timeoutSeconds: 300,
}

/**
 * Queues the analysis of a stored upload. Keyed by version and attempt: an attempt is analysed
 * once, and a re-upload queues its own job even while an older attempt's still waits (which then
 * finds itself superseded).
 */
export function queueUploadAnalysis(queue: JobQueue, upload: StoredUpload): Promise<boolean> {
  const payload = { versionId: upload.versionId, uploadGeneration: upload.uploadGeneration, sha256: upload.sha256, size: upload.size }
  return queue.enqueue(ANALYSE_UPLOAD_JOB.name, payload, `${upload.versionId}:${upload.uploadGeneration}`)
}

/** Declares the upload analysis job and works it in this process. */
export async function workUploadJobs(queue: JobQueue, analyse: AnalyseUpload): Promise<void> {
  await queue.define(ANALYSE_UPLOAD_JOB)
  await queue.work(ANALYSE_UPLOAD_JOB.name, (payload, attempt) => analyse.execute(storedUploadIn(payload), attempt))
}

/** The payload `queueUploadAnalysis` wrote; anything else is a corrupt job, failed. */
function storedUploadIn(payload: JobPayload): StoredUpload {
  const { versionId, uploadGeneration, sha256, size } = payload
  if (typeof versionId !== 'string' || typeof sha256 !== 'string' || typeof uploadGeneration !== 'number' || typeof size !== 'number') {
    throw CairnError.invalidField('payload', 'must name a version, its upload attempt and the stored archive')
  }
  return { versionId, uploadGeneration, sha256, size }
}
