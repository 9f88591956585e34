import { recordAuditEvent } from '../audit/record-audit-event.ts'
import type { CairnError } from '../errors/cairn-error.ts'
import type { Repositories } from '../ports/unit-of-work.ts'
import type { UseCaseDeps } from '../shared/use-case-deps.ts'
import { auditedVersion } from './module-audit.ts'
import type { ModuleMetadata } from './module-metadata.ts'
import type { ModuleArchive, ModuleVersion } from './module-version.ts'
import { completeSetup, mayBecome } from './registry-module-status.ts'

/**
 * Where every attempt at an archive ends, whichever route it came by (an upload, a commit's tree):
 * served, or failed with its reason. Both only for the version's latest attempt, still under way
 * in the stage the outcome moves on from; anything else was superseded, and records nothing.
 */
export type OutcomeDeps = Pick<UseCaseDeps, 'unitOfWork' | 'clock' | 'ids'>

/** One attempt of one version. */
export interface AttemptRef {
  readonly versionId: string
  readonly uploadGeneration: number
}

/** What a failure that is not the archive's content tells to do, whichever route the archive came by. */
export const TRY_AGAIN = 'upload the archive again, or resync a VCS module'

/** What a version shows of a refusal: its field messages, else its message. */
export function refusalReason(error: CairnError): string {
  return error.fields.map((field) => field.message).join('; ') || error.message
}

/**
 * Serves the attempt's archive with its details, and sets the module up if it was not. Answers
 * the blob of the archive it replaced (null for none), or undefined when the attempt was no
 * longer the latest under analysis: then nothing changed.
 */
export function settleAttempt(
  deps: OutcomeDeps,
  attempt: AttemptRef,
  served: { readonly archive: ModuleArchive; readonly metadata: ModuleMetadata },
): Promise<{ readonly replaced: string | null } | undefined> {
  return deps.unitOfWork.run(async ({ registryModules, moduleVersions }) => {
    const current = await moduleVersions.findById(attempt.versionId)
    if (current?.isLatestAttempt(attempt.uploadGeneration) !== true || current.stage !== 'reg_ingressing') return undefined
    const settled = current.settle(attempt.uploadGeneration, served, deps.clock.now())
    await moduleVersions.update(settled)
    const module = await registryModules.findById(settled.moduleId)
    if (module !== undefined && mayBecome(module, 'setup_complete')) await registryModules.update(completeSetup(module, settled.updatedAt))
    return { replaced: current.archive?.blobKey ?? null }
  })
}

/**
 * Records why the attempt failed, on the version and in the audit log: `refuseArchive` for an
 * archive refused or lost, `cloneFailed` for a tree not fetched. A version that serves an
 * archive keeps serving it. Answers the version failed, or undefined when the attempt was no
 * longer the latest, or no longer at the stage the failure moves on from.
 */
export function failAttempt(
  deps: OutcomeDeps,
  attempt: AttemptRef,
  failure: { readonly transition: 'refuseArchive' | 'cloneFailed'; readonly reason: string },
): Promise<ModuleVersion | undefined> {
  return deps.unitOfWork.run(async (repositories) => {
    const current = await repositories.moduleVersions.findById(attempt.versionId)
    const from = failure.transition === 'cloneFailed' ? 'cloning' : 'reg_ingressing'
    if (current?.isLatestAttempt(attempt.uploadGeneration) !== true || current.stage !== from) return undefined
    const failed = current[failure.transition](attempt.uploadGeneration, failure.reason, deps.clock.now())
    await repositories.moduleVersions.update(failed)
    await auditFailure(deps, repositories, current, failure.reason)
    return failed
  })
}

async function auditFailure(deps: OutcomeDeps, repositories: Repositories, version: ModuleVersion, reason: string): Promise<void> {
  const module = await repositories.registryModules.findById(version.moduleId)
  if (module === undefined) return
  const kept = version.archive === null ? '' : `; ${version.version} still serves its archive`
  await recordAuditEvent(deps, repositories, {
    type: 'module_version.attempt_failed',
    principal: { kind: module.publishingMechanism === 'non_vcs' ? 'upload-link' : 'vcs' },
    ...auditedVersion(module, version),
    reason: `attempt ${version.uploadGeneration} (${version.attempt?.startedBy ?? 'unknown'}) failed: ${reason}${kept}`,
  })
}
