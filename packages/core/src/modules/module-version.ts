import semver from 'semver'
import { CairnError } from '../errors/cairn-error.ts'
import type { ModuleMetadata } from './module-metadata.ts'

/** Version statuses, as every client knows them. */
export type ModuleVersionStatus =
  | 'pending'
  | 'cloning'
  | 'clone_failed'
  | 'reg_ingress_req_failed'
  | 'reg_ingressing'
  | 'reg_ingress_failed'
  | 'ok'

/** The archive of a version, once one was uploaded and analysed. */
export interface ModuleArchive {
  readonly blobKey: string
  readonly sha256: string
  readonly size: number
}

export interface ModuleVersion {
  readonly id: string
  readonly moduleId: string
  /** Normalised semver (`1.2.3`, never `v1.2.3`). */
  readonly version: string
  readonly status: ModuleVersionStatus
  /** Why the last upload failed, for a failed status. */
  readonly error: string | null
  readonly source: 'tfe-api'
  readonly commitSha: string | null
  /** Counts upload attempts; only the latest one can be recorded on the version. */
  readonly uploadGeneration: number
  readonly archive: ModuleArchive | null
  readonly metadata: ModuleMetadata | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

/** A version as lists show it: without its metadata, which can be large, and with its downloads. */
export type ModuleVersionSummary = Omit<ModuleVersion, 'metadata'> & { readonly downloads: number }

/** How long an upload link works (for any number of PUTs); also how long an attempt may take before it counts as lost. */
export const UPLOAD_LINK_LIFETIME_MS = 60 * 60 * 1000

const MAX_VERSION_LENGTH = 128

/** A semver version, with an optional `v` prefix; returned normalised (build metadata kept). */
export function parseModuleVersion(value: string): string {
  const parsed = value.length <= MAX_VERSION_LENGTH ? semver.parse(value) : null
  if (parsed === null) {
    throw CairnError.invalidField('version', `must be a valid semantic version of at most ${MAX_VERSION_LENGTH} characters, such as 1.2.3`)
  }
  return parsed.build.length === 0 ? parsed.version : `${parsed.version}+${parsed.build.join('.')}`
}

/** Where the archive of one upload attempt is stored; each attempt has its own. */
export function archiveKey(version: Pick<ModuleVersion, 'id' | 'uploadGeneration'>): string {
  return `modules/${version.id}/${version.uploadGeneration}.tar.gz`
}

/**
 * Whether an upload attempt of the version is still under way. One that has run longer than a
 * link lives was lost (a crash, a dropped connection).
 */
export function isAttemptUnderWay(version: ModuleVersion, now: Date): boolean {
  return version.status === 'reg_ingressing' && now.getTime() - version.updatedAt.getTime() <= UPLOAD_LINK_LIFETIME_MS
}

/** Starts an upload attempt, superseding any before it: only the latest attempt can be recorded. */
export function startIngress(version: ModuleVersion, at: Date): ModuleVersion {
  return { ...version, status: 'reg_ingressing', error: null, uploadGeneration: version.uploadGeneration + 1, updatedAt: at }
}

/** The archive was analysed: the version is ready to be consumed (spec §3). */
export function ingressSucceeded(
  version: ModuleVersion,
  outcome: { readonly archive: ModuleArchive; readonly metadata: ModuleMetadata },
  at: Date,
): ModuleVersion {
  return { ...version, status: 'ok', error: null, ...outcome, updatedAt: at }
}

/** The archive was refused; the reason is kept, and a new upload may follow. */
export function ingressFailed(version: ModuleVersion, reason: string, at: Date): ModuleVersion {
  return { ...version, status: 'reg_ingress_failed', error: reason, updatedAt: at }
}
