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
  /** Counts upload attempts; an upload link is good for the attempt it was made for only. */
  readonly uploadGeneration: number
  readonly archive: ModuleArchive | null
  readonly metadata: ModuleMetadata | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

/** A semver version, with an optional `v` prefix; returned normalised. */
export function parseModuleVersion(value: string): string {
  const version = semver.valid(value)
  if (version === null) throw CairnError.invalidField('version', 'must be a valid semantic version, such as 1.2.3')
  return version
}

/** Starts an upload attempt: the link used for it stops working. */
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
