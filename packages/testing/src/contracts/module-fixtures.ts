import {
  ModuleVersion,
  type AttemptStatus,
  type ModuleArchive,
  type ModuleMetadata,
  type ModuleVersionState,
  type RegistryModule,
  type UnitOfWork,
} from '@cairn/core'
import { minute, seedOrganizations } from './fixtures.ts'

/** The fixtures of the registry-module contracts: modules, versions and their metadata. */
export const METADATA: ModuleMetadata = {
  root: {
    path: '',
    name: 'vpc',
    readme: '# VPC\n"quoted" and ünïcode',
    empty: false,
    inputs: [{ name: 'cidr', type: 'string', description: null, default: '"10.0.0.0/16"', required: false, sensitive: false }],
    outputs: [{ name: 'id', description: 'The VPC id', sensitive: false }],
    resources: [{ name: 'this', type: 'aws_vpc' }],
    providerRequirements: [{ name: 'aws', namespace: 'hashicorp', source: 'hashicorp/aws', version: '>= 5.0' }],
    moduleCalls: [],
  },
  submodules: [],
  examples: [],
}

export function aVersion(overrides: Partial<ModuleVersionState> = {}): ModuleVersion {
  return new ModuleVersion({
    id: 'modver-1',
    moduleId: 'mod-1',
    version: '1.0.0',
    source: 'tfe-api',
    commitSha: null,
    uploadGeneration: 0,
    archive: null,
    metadata: null,
    attempt: null,
    createdAt: minute(0),
    updatedAt: minute(0),
    ...overrides,
  })
}

/** An archive of the version `id`, which makes it `ok`. */
export function archiveOf(id: string): ModuleArchive {
  return { blobKey: `modules/${id}/1.tar.gz`, sha256: 'a'.repeat(64), size: 42 }
}

/** A version that serves an archive (`ok`). */
export function anOkVersion(overrides: Partial<ModuleVersionState> = {}): ModuleVersion {
  return aVersion({ archive: archiveOf(overrides.id ?? 'modver-1'), ...overrides })
}

/** A version whose latest attempt is at `status` since `at`. */
export function attempting(status: AttemptStatus, at: Date, overrides: Partial<ModuleVersionState> = {}): ModuleVersion {
  const failed = status === 'clone_failed' || status === 'reg_ingress_failed'
  const attempt = {
    status,
    error: failed ? 'is not a gzip tarball' : null,
    commitSha: null,
    startedBy: 'upload link issued to user olivia',
    at,
  }
  return aVersion({ uploadGeneration: 1, attempt, updatedAt: at, ...overrides })
}

/** An `ok` version of `mod-1` whose latest attempt, a re-upload, failed: it still serves its archive. */
export function aFailedReupload(): ModuleVersion {
  return attempting('reg_ingress_failed', minute(3), { archive: archiveOf('modver-1'), metadata: METADATA, commitSha: 'abc' })
}

/** The version 2.0.0 of `mod-1`, whose first attempt is cloning its commit. */
export function aCloningVersion(): ModuleVersion {
  const attempt = { status: 'cloning', error: null, commitSha: 'def', startedBy: 'the module repository', at: minute(4) } as const
  return aVersion({ id: 'modver-2', version: '2.0.0', commitSha: 'def', uploadGeneration: 1, attempt })
}

/** Stores the organizations `acme` and `globex`, then these modules. */
export async function seedModules(unitOfWork: UnitOfWork, ...modules: RegistryModule[]): Promise<void> {
  await seedOrganizations(unitOfWork, 'acme', 'globex')
  await unitOfWork.run(async ({ registryModules }) => {
    for (const module of modules) await registryModules.add(module)
  })
}
