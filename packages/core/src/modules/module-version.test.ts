import { describe, expect, it } from 'vitest'
import type { ModuleMetadata } from './module-metadata.ts'
import { ModuleVersion, VERSION_TRANSITIONS, type AttemptStage, type ModuleArchive, type VersionTransition } from './module-version.ts'

const T0 = new Date('2026-01-01T00:00:00Z')
const LATER = new Date('2026-01-01T00:05:00Z')
const SERVED: ModuleArchive = { blobKey: 'modules/modver-1/1.tar.gz', sha256: 'a'.repeat(64), size: 10 }
const NEW_ARCHIVE: ModuleArchive = { blobKey: 'modules/modver-1/2.tar.gz', sha256: 'b'.repeat(64), size: 20 }
const METADATA = { root: { path: '', name: 'vpc' }, submodules: [], examples: [] } as unknown as ModuleMetadata

/** A version at `stage` (its latest attempt, number 2, at commit `c2`), serving an archive of commit `c1` or none. */
function versionAt(stage: AttemptStage, served: boolean): ModuleVersion {
  const failed = stage === 'clone_failed' || stage === 'reg_ingress_failed'
  const attempt =
    stage === 'none' ? null : { status: stage, error: failed ? 'bad tree' : null, commitSha: 'c2', startedBy: 'someone', at: T0 }
  return new ModuleVersion({
    id: 'modver-1',
    moduleId: 'mod-1',
    version: '1.1.0',
    source: 'tfe-api',
    commitSha: served ? 'c1' : 'c2',
    uploadGeneration: 2,
    archive: served ? SERVED : null,
    metadata: served ? METADATA : null,
    attempt,
    createdAt: T0,
    updatedAt: T0,
  })
}

/** Each transition applied to the latest attempt (number 2). */
const APPLY: Record<VersionTransition, (version: ModuleVersion) => ModuleVersion> = {
  startUpload: (version) => version.startUpload('upload link issued to user alice', LATER),
  startClone: (version) => version.startClone('c3', 'the module repository', LATER),
  cloned: (version) => version.cloned(2, LATER),
  cloneFailed: (version) => version.cloneFailed(2, 'no such commit', LATER),
  analysisRequeued: (version) => version.analysisRequeued(2, LATER),
  settle: (version) => version.settle(2, { archive: NEW_ARCHIVE, metadata: METADATA }, LATER),
  refuseArchive: (version) => version.refuseArchive(2, 'is not a gzip tarball', LATER),
}

/** Where each transition leaves the latest attempt, and its number. */
const OUTCOME: Record<VersionTransition, { readonly stage: AttemptStage; readonly generation: number; readonly error: string | null }> = {
  startUpload: { stage: 'reg_ingressing', generation: 3, error: null },
  startClone: { stage: 'cloning', generation: 3, error: null },
  cloned: { stage: 'reg_ingressing', generation: 2, error: null },
  cloneFailed: { stage: 'clone_failed', generation: 2, error: 'no such commit' },
  analysisRequeued: { stage: 'reg_ingressing', generation: 2, error: null },
  settle: { stage: 'none', generation: 2, error: null },
  refuseArchive: { stage: 'reg_ingress_failed', generation: 2, error: 'is not a gzip tarball' },
}

const STAGES: readonly AttemptStage[] = ['none', 'cloning', 'reg_ingressing', 'clone_failed', 'reg_ingress_failed']
const TRANSITIONS = Object.keys(VERSION_TRANSITIONS) as VersionTransition[]
const CASES = TRANSITIONS.flatMap((transition) =>
  STAGES.flatMap((stage) =>
    [false, true].map((served) => ({
      transition,
      stage,
      served,
      allowed: (VERSION_TRANSITIONS[transition] as readonly AttemptStage[]).includes(stage),
    })),
  ),
)

describe('the module version lifecycle (docs/architecture.md)', () => {
  it.each(CASES.filter((row) => row.allowed))('$transition from $stage (serving an archive: $served)', ({ transition, stage, served }) => {
    const before = versionAt(stage, served)
    const after = APPLY[transition](before)
    const outcome = OUTCOME[transition]
    expect(after.stage).toBe(outcome.stage)
    expect(after.uploadGeneration).toBe(outcome.generation)
    expect(after.updatedAt).toEqual(LATER)
    if (transition === 'settle') {
      expect(after).toMatchObject({ status: 'ok', error: null, attempt: null, archive: NEW_ARCHIVE, commitSha: 'c2' })
    } else if (served) {
      // A served version stays served: whatever the attempt comes to, clients get the archive they had.
      expect(after).toMatchObject({ status: 'ok', error: null, archive: SERVED, metadata: METADATA, commitSha: 'c1' })
      expect(after.attempt).toMatchObject({ status: outcome.stage, error: outcome.error, at: LATER })
    } else {
      expect(after).toMatchObject({ status: outcome.stage, error: outcome.error, archive: null })
    }
    expect(before.stage).toBe(stage)
  })

  it.each(CASES.filter((row) => !row.allowed))(
    '$transition from $stage is refused with precondition (serving an archive: $served)',
    ({ transition, stage, served }) => {
      expect(() => APPLY[transition](versionAt(stage, served))).toThrow(expect.objectContaining({ code: 'precondition' }))
    },
  )

  it.each(TRANSITIONS.filter((transition) => transition !== 'startUpload' && transition !== 'startClone'))(
    '%s for an attempt a newer one superseded is refused with conflict',
    (transition) => {
      const from = VERSION_TRANSITIONS[transition][0]
      const superseded = versionAt(from, true)
      const newer = new ModuleVersion({ ...superseded, uploadGeneration: 3 })
      expect(() => APPLY[transition](newer)).toThrow(expect.objectContaining({ code: 'conflict' }))
    },
  )

  it('a new version is pending, with no attempt and no archive', () => {
    const version = ModuleVersion.pending({ id: 'modver-1', moduleId: 'mod-1', version: '1.0.0', commitSha: null }, T0)
    expect(version).toMatchObject({ status: 'pending', error: null, stage: 'none', uploadGeneration: 0, archive: null, attempt: null })
  })

  it('an attempt records who started it, when, and (a clone) its commit', () => {
    expect(versionAt('none', true).startUpload('upload link issued to user alice', LATER).attempt).toEqual({
      status: 'reg_ingressing',
      error: null,
      commitSha: null,
      startedBy: 'upload link issued to user alice',
      at: LATER,
    })
    expect(versionAt('none', true).startClone('c3', 'the module repository', LATER).attempt).toMatchObject({ commitSha: 'c3' })
  })

  it('a version not yet served shows the commit it is taken from; a served one the commit it serves until the new one settles', () => {
    expect(versionAt('clone_failed', false).startClone('c3', 'the module repository', LATER).commitSha).toBe('c3')
    const cloning = versionAt('none', true).startClone('c3', 'the module repository', LATER)
    expect(cloning.commitSha).toBe('c1')
    expect(cloning.cloned(3, LATER).settle(3, { archive: NEW_ARCHIVE, metadata: METADATA }, LATER).commitSha).toBe('c3')
  })

  it('startClone of the commit a version serves already is refused with precondition', () => {
    expect(() => versionAt('none', true).startClone('c1', 'the module repository', LATER)).toThrow(
      expect.objectContaining({ code: 'precondition' }),
    )
  })
})
