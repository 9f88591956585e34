import {
  DEFAULT_GENERAL_SETTINGS,
  JOB_DEFINITIONS,
  type CredentialEntry,
  type Edition,
  type GithubApp,
  type GrantLookup,
  type ModulePackage,
  type ProtocolAnswer,
  type ServedProviderLookup,
} from '@cairn/core'
import {
  InMemoryBlobStore,
  InMemoryExpiringCache,
  InMemoryHealthCheck,
  InMemoryJobQueue,
  InMemoryStoreChanges,
  InMemoryUnitOfWork,
} from '@cairn/memory'
import { CountingSignInAttempts } from './counting-sign-in-attempts.ts'
import { FakeModuleAnalyzer } from './fake-module-analyzer.ts'
import { FakeModuleZipper } from './fake-module-zipper.ts'
import { FakeOpenPgpSignatures } from './fake-openpgp-signatures.ts'
import { FakePasswordHasher } from './fake-password-hasher.ts'
import { FakeSecretCipher } from './fake-secret-cipher.ts'
import { FakeVcsClient } from './fake-vcs-client.ts'
import { FakeTokenHasher } from './fake-token-hasher.ts'
import { FakeUpstreamRegistry } from './fake-upstream-registry.ts'
import { FakeUrlSigner } from './fake-url-signer.ts'
import { ManualClock } from './manual-clock.ts'
import { SequentialIds } from './sequential-ids.ts'
import { noProviderMirror } from './no-provider-mirror.ts'

/**
 * Fresh in-memory ports for one test: everything the use cases need. The tests of other features
 * create organizations as ordinary users, so organization creation is open to everyone unless
 * `installationDefaults` keeps the general settings of a fresh installation.
 */
export function inMemoryDeps(
  options: { edition?: Edition; maxArchiveBytes?: number; immutableVersions?: boolean; installationDefaults?: boolean } = {},
) {
  const generalSettings =
    options.installationDefaults === true ? undefined : { ...DEFAULT_GENERAL_SETTINGS, limitUserOrganizationCreation: false }
  return {
    unitOfWork: new InMemoryUnitOfWork({ generalSettings }),
    clock: new ManualClock(),
    ids: new SequentialIds(),
    hasher: new FakeTokenHasher(),
    credentialCache: new InMemoryExpiringCache<CredentialEntry>(),
    protocolCache: new InMemoryExpiringCache<ProtocolAnswer>(),
    accessCache: new InMemoryExpiringCache<GrantLookup>(),
    providerCache: new InMemoryExpiringCache<ServedProviderLookup>(),
    packageCache: new InMemoryExpiringCache<ModulePackage>(),
    storeChanges: new InMemoryStoreChanges(),
    passwords: new FakePasswordHasher(),
    signInAttempts: new CountingSignInAttempts(),
    health: new InMemoryHealthCheck(),
    blobs: new InMemoryBlobStore(),
    analyzer: new FakeModuleAnalyzer(),
    zipper: new FakeModuleZipper(),
    signer: new FakeUrlSigner(),
    openpgp: new FakeOpenPgpSignatures(),
    upstream: new FakeUpstreamRegistry(),
    cipher: new FakeSecretCipher(),
    vcs: new FakeVcsClient(),
    jobs: declaredJobQueue(),
    githubApp: null as GithubApp | null,
    edition: options.edition ?? 'self-hosted',
    maxArchiveBytes: options.maxArchiveBytes ?? 1024 * 1024,
    immutableVersions: options.immutableVersions ?? false,
    ...noProviderMirror(),
  }
}

export type InMemoryDeps = ReturnType<typeof inMemoryDeps>

/**
 * A queue where every job kind is declared (as the server declares them at start), so that use
 * cases may queue jobs before, or without, anyone working them (`workJobs` starts the workers).
 * Declaring is immediate here.
 */
function declaredJobQueue(): InMemoryJobQueue {
  const queue = new InMemoryJobQueue()
  for (const definition of JOB_DEFINITIONS) void queue.define(definition)
  return queue
}
