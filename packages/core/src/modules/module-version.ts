import semver from 'semver'
import { CairnError } from '../errors/cairn-error.ts'
import type { ModuleMetadata } from './module-metadata.ts'

/** Version statuses, as every client knows them (`reg_ingress_req_failed` is never reached: see docs/architecture.md). */
export type ModuleVersionStatus =
  'pending' | 'cloning' | 'clone_failed' | 'reg_ingress_req_failed' | 'reg_ingressing' | 'reg_ingress_failed' | 'ok'

/** Where an attempt at an archive stands while it is not the archive served: under way, or failed. */
export type AttemptStatus = 'cloning' | 'reg_ingressing' | 'clone_failed' | 'reg_ingress_failed'

/** The archive of a version, once one was uploaded and analysed. */
export interface ModuleArchive {
  readonly blobKey: string
  readonly sha256: string
  readonly size: number
}

/** One attempt at a new archive for a version: an upload, or the tree of a commit. */
export interface VersionAttempt {
  readonly status: AttemptStatus
  /** Why it failed; null while it is under way. */
  readonly error: string | null
  /** The commit it takes its tree from (VCS); null for an upload. */
  readonly commitSha: string | null
  /** Who started it, in words (`upload link issued to user alice`, `repository commit 0a1b2c3`). */
  readonly startedBy: string
  /** When it came to its status. */
  readonly at: Date
}

export interface ModuleVersionState {
  readonly id: string
  readonly moduleId: string
  /** Normalised semver (`1.2.3`, never `v1.2.3`). */
  readonly version: string
  readonly source: 'tfe-api'
  /** The commit of the archive served; until there is one, the commit the version is taken from. */
  readonly commitSha: string | null
  /** Counts attempts; only the latest one can settle the version. */
  readonly uploadGeneration: number
  /** The archive served: null until an attempt settles, then kept until another settles. */
  readonly archive: ModuleArchive | null
  /** The details of the archive served. */
  readonly metadata: ModuleMetadata | null
  /** The latest attempt while it is not the archive served (under way or failed); null when there was none or it settled. */
  readonly attempt: VersionAttempt | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

/** The stage a version's transitions start from: its latest attempt's, or `none` (no attempt, or the latest settled). */
export type AttemptStage = AttemptStatus | 'none'

/**
 * The version lifecycle (docs/architecture.md shows it as a table): for each transition, the
 * stages it starts from. A new attempt (upload or clone) supersedes one under way; only the
 * latest attempt can move on. Settling serves the attempt's archive; a failure leaves the archive
 * served, if any, as it was.
 */
export const VERSION_TRANSITIONS = {
  startUpload: ['none', 'reg_ingressing', 'reg_ingress_failed'],
  startClone: ['none', 'cloning', 'reg_ingressing', 'clone_failed', 'reg_ingress_failed'],
  cloned: ['cloning'],
  cloneFailed: ['cloning'],
  analysisRequeued: ['reg_ingressing'],
  settle: ['reg_ingressing'],
  refuseArchive: ['reg_ingressing'],
} as const satisfies Record<string, readonly AttemptStage[]>

export type VersionTransition = keyof typeof VERSION_TRANSITIONS

/**
 * A version as lists show it: without its metadata, which can be large, and with its downloads and
 * its description (`versionDescription`), which stores keep beside the metadata for lists to read.
 */
export type ModuleVersionSummary = Omit<ModuleVersionState, 'metadata'> &
  Pick<ModuleVersion, 'status' | 'error'> & { readonly downloads: number; readonly description: string }

/**
 * A version of a module provider. Immutable: each transition of `VERSION_TRANSITIONS` returns a
 * new version, and refuses with `precondition` outside the stages it starts from, or with
 * `conflict` for an attempt that a newer one superseded. Its status is never set, only derived:
 * `ok` once an archive is served, for good (spec §3); before, its latest attempt's.
 */
export class ModuleVersion implements ModuleVersionState {
  readonly id: string
  readonly moduleId: string
  readonly version: string
  readonly source: 'tfe-api'
  readonly commitSha: string | null
  readonly uploadGeneration: number
  readonly archive: ModuleArchive | null
  readonly metadata: ModuleMetadata | null
  readonly attempt: VersionAttempt | null
  readonly createdAt: Date
  readonly updatedAt: Date
  /** What clients see: `ok` while an archive is served; before, where the latest attempt stands. */
  readonly status: ModuleVersionStatus
  /** Why the version has no archive yet: its failed attempt's reason. Null once `ok`: a later failure shows on `attempt`. */
  readonly error: string | null

  constructor(state: ModuleVersionState) {
    this.id = state.id
    this.moduleId = state.moduleId
    this.version = state.version
    this.source = state.source
    this.commitSha = state.commitSha
    this.uploadGeneration = state.uploadGeneration
    this.archive = state.archive
    this.metadata = state.metadata
    this.attempt = state.attempt
    this.createdAt = state.createdAt
    this.updatedAt = state.updatedAt
    this.status = state.archive !== null ? 'ok' : (state.attempt?.status ?? 'pending')
    this.error = state.archive !== null ? null : (state.attempt?.error ?? null)
  }

  /** A new version awaiting its first archive (from `commitSha` for a VCS module). */
  static pending(fields: Pick<ModuleVersionState, 'id' | 'moduleId' | 'version' | 'commitSha'>, at: Date): ModuleVersion {
    return new ModuleVersion({
      ...fields,
      source: 'tfe-api',
      uploadGeneration: 0,
      archive: null,
      metadata: null,
      attempt: null,
      createdAt: at,
      updatedAt: at,
    })
  }

  get stage(): AttemptStage {
    return this.attempt?.status ?? 'none'
  }

  /** Whether `generation` is the latest attempt, the only one that may move on. */
  isLatestAttempt(generation: number): boolean {
    return generation === this.uploadGeneration
  }

  /** An archive arrives at the upload link: a new attempt, stored then analysed. */
  startUpload(startedBy: string, at: Date): ModuleVersion {
    this.#check('startUpload')
    return this.#startAttempt({ status: 'reg_ingressing', error: null, commitSha: null, startedBy, at })
  }

  /** The tree of `commitSha` is fetched for a new archive (a tag's first ingestion, a retry, a tag moved). */
  startClone(commitSha: string, startedBy: string, at: Date): ModuleVersion {
    this.#check('startClone')
    if (this.archive !== null && commitSha === this.commitSha) {
      throw new CairnError('precondition', `version ${this.version} already serves commit ${commitSha}`)
    }
    const started = this.#startAttempt({ status: 'cloning', error: null, commitSha, startedBy, at })
    // Until an archive is served, the version shows the commit it is taken from.
    return this.archive === null ? started.#with({ commitSha }) : started
  }

  /** The tree is fetched: its archive is stored, then analysed as an upload's is. */
  cloned(generation: number, at: Date): ModuleVersion {
    return this.#moveAttempt('cloned', generation, { status: 'reg_ingressing', at })
  }

  cloneFailed(generation: number, reason: string, at: Date): ModuleVersion {
    return this.#moveAttempt('cloneFailed', generation, { status: 'clone_failed', error: reason, at })
  }

  /** A lost analysis is queued again (the sweep): the attempt counts as under way from `at`. */
  analysisRequeued(generation: number, at: Date): ModuleVersion {
    return this.#moveAttempt('analysisRequeued', generation, { at })
  }

  /** The attempt's archive was analysed: the version serves it, with its details, from now on. */
  settle(generation: number, served: { readonly archive: ModuleArchive; readonly metadata: ModuleMetadata }, at: Date): ModuleVersion {
    this.#check('settle', generation)
    return this.#with({ ...served, commitSha: this.attempt?.commitSha ?? this.commitSha, attempt: null, updatedAt: at })
  }

  /** The attempt's archive was refused (or lost): the reason shows, and the archive served, if any, stays. */
  refuseArchive(generation: number, reason: string, at: Date): ModuleVersion {
    return this.#moveAttempt('refuseArchive', generation, { status: 'reg_ingress_failed', error: reason, at })
  }

  #startAttempt(attempt: VersionAttempt): ModuleVersion {
    return this.#with({ attempt, uploadGeneration: this.uploadGeneration + 1, updatedAt: attempt.at })
  }

  #moveAttempt(transition: VersionTransition, generation: number, change: Partial<VersionAttempt> & { readonly at: Date }): ModuleVersion {
    this.#check(transition, generation)
    const attempt = this.attempt
    if (attempt === null) throw new CairnError('precondition', `version ${this.version} has no attempt under way`)
    return this.#with({ attempt: { ...attempt, ...change }, updatedAt: change.at })
  }

  /** Refuses `transition` from the version's stage, or for an attempt that is not the latest. */
  #check(transition: VersionTransition, generation?: number): void {
    if (generation !== undefined && !this.isLatestAttempt(generation)) {
      throw new CairnError(
        'conflict',
        `attempt ${generation} of version ${this.version} was superseded by attempt ${this.uploadGeneration}`,
      )
    }
    const from: readonly AttemptStage[] = VERSION_TRANSITIONS[transition]
    if (!from.includes(this.stage)) {
      throw new CairnError(
        'precondition',
        `version ${this.version} cannot ${TRANSITION_WORDS[transition]}: its latest attempt is ${this.stage}`,
      )
    }
  }

  #with(change: Partial<ModuleVersionState>): ModuleVersion {
    return new ModuleVersion({ ...this, ...change })
  }
}

/** How a refusal names each transition. */
const TRANSITION_WORDS: Record<VersionTransition, string> = {
  startUpload: 'take an upload',
  startClone: 'be cloned',
  cloned: 'record a fetched tree',
  cloneFailed: 'record a failed clone',
  analysisRequeued: 'queue its analysis again',
  settle: 'settle',
  refuseArchive: 'refuse an archive',
}

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

/** Where the archive of one attempt is stored; each attempt has its own. */
export function archiveKey(version: Pick<ModuleVersionState, 'id' | 'uploadGeneration'>): string {
  return `modules/${version.id}/${version.uploadGeneration}.tar.gz`
}

/**
 * Whether the version's latest attempt is still under way. One that has run longer than a link
 * lives was lost (a crash, a dropped connection).
 */
export function isAttemptUnderWay({ attempt }: Pick<ModuleVersionState, 'attempt'>, now: Date): boolean {
  if (attempt === null || (attempt.status !== 'cloning' && attempt.status !== 'reg_ingressing')) return false
  return now.getTime() - attempt.at.getTime() <= UPLOAD_LINK_LIFETIME_MS
}
