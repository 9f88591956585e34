/** One test file that runs a contract, and the implementations it runs it on. */
export interface ContractRun {
  /** From the repository root. */
  readonly file: string
  readonly implementations: readonly string[]
  /**
   * What the file opens the implementations through, when it does not name them: the store's
   * repositories come with the unit of work `openStore` (or `InMemoryUnitOfWork`) makes.
   */
  readonly via?: string
}

/** A contract suite of this folder, the ports it holds implementations to, and where it is run. */
export interface ContractRuns {
  /** The suite's function, as its run files call it. */
  readonly contract: string
  readonly ports: readonly string[]
  readonly runs: readonly ContractRun[]
}

const MEMORY = 'packages/memory/src'
const FAKES = 'packages/testing/src/fakes'
const PLATFORM = 'apps/server/src/platform'

/** The store's ports: `storeContracts` runs a suite for each (see `index.ts`). */
const STORE_PORTS = [
  'UnitOfWork',
  'UserRepository',
  'TokenRepository',
  'ToolVersionRepository',
  'WorkspaceRepository',
  'SessionRepository',
  'LoginCodeRepository',
  'OrganizationRepository',
  'MembershipRepository',
  'TeamRepository',
  'TeamMemberRepository',
  'RunRepository',
  'RegistryModuleRepository',
  'ModuleVersionRepository',
  'ModuleCatalog',
  'ModuleHousekeeping',
  'AuditLog',
  'InitialAdminTokenRepository',
  'SettingsRepository',
  'VcsConnectionRepository',
  'RegistryProviderRepository',
  'ProviderVersionRepository',
  'ProviderPlatformRepository',
  'GpgKeyRepository',
  'MirroredArchiveRepository',
  'ModulePackageRepository',
]

/** Each store port's in-memory and MikroORM implementations: `InMemory<Port>` and `MikroOrm<Port>`. */
const storeImplementations = (prefix: 'InMemory' | 'MikroOrm') => STORE_PORTS.map((port) => `${prefix}${port}`)

/**
 * Every class in the packages' and the server's sources that implements a port of
 * `packages/core/src/ports`, by the contract that holds it to its port and the test file that
 * runs that contract on it. `contract-runs.test.ts` fails when a class implementing a port is
 * missing here, or a file listed does not run its contract.
 */
export const CONTRACT_RUNS: readonly ContractRuns[] = [
  {
    contract: 'storeContracts',
    ports: STORE_PORTS,
    runs: [
      { file: `${MEMORY}/in-memory-store.contract.test.ts`, implementations: storeImplementations('InMemory'), via: 'InMemoryUnitOfWork' },
      {
        file: 'packages/persistence/src/store.pglite.contract.test.ts',
        implementations: storeImplementations('MikroOrm'),
        via: 'openStore',
      },
      { file: 'packages/persistence/src/store.postgres.int.test.ts', implementations: storeImplementations('MikroOrm'), via: 'openStore' },
      { file: 'apps/server/src/embed/closable-unit-of-work.contract.test.ts', implementations: ['ClosableUnitOfWork'] },
    ],
  },
  {
    contract: 'blobStoreContract',
    ports: ['BlobStore'],
    runs: [
      { file: `${MEMORY}/in-memory-blob-store.contract.test.ts`, implementations: ['InMemoryBlobStore'] },
      { file: 'packages/blob-store/src/fs/fs-blob-store.contract.test.ts', implementations: ['FsBlobStore'] },
      { file: 'packages/blob-store/src/s3/s3-blob-store.int.test.ts', implementations: ['S3BlobStore'] },
    ],
  },
  {
    contract: 'jobQueueContract',
    ports: ['JobQueue'],
    runs: [
      { file: `${MEMORY}/in-memory-job-queue.contract.test.ts`, implementations: ['InMemoryJobQueue'] },
      {
        file: 'packages/persistence/src/jobs/pg-boss-job-queue.contract.test.ts',
        implementations: ['PgBossJobQueue'],
        via: 'openJobQueue',
      },
    ],
  },
  {
    contract: 'vcsClientContract',
    ports: ['VcsClient'],
    runs: [
      { file: `${FAKES}/fake-vcs-client.contract.test.ts`, implementations: ['FakeVcsClient'] },
      { file: 'packages/vcs-git/src/isomorphic-git-vcs-client.contract.test.ts', implementations: ['IsomorphicGitVcsClient'] },
      // The facade loads isomorphic-git with its first call: its run is the run of the client it loads.
      {
        file: 'packages/vcs-git/src/isomorphic-git-vcs-client.contract.test.ts',
        implementations: ['MirroredGitClient'],
        via: 'IsomorphicGitVcsClient',
      },
    ],
  },
  {
    contract: 'moduleAnalyzerContract',
    ports: ['ModuleAnalyzer'],
    runs: [
      { file: `${FAKES}/fake-module-analyzer.contract.test.ts`, implementations: ['FakeModuleAnalyzer'] },
      { file: 'packages/module-analyzer/src/tar-module-analyzer.contract.test.ts', implementations: ['TarModuleAnalyzer'] },
    ],
  },
  {
    contract: 'moduleZipperContract',
    ports: ['ModuleZipper'],
    runs: [
      { file: `${FAKES}/fake-module-zipper.contract.test.ts`, implementations: ['FakeModuleZipper'] },
      { file: 'packages/module-analyzer/src/zip/tar-module-zipper.contract.test.ts', implementations: ['TarModuleZipper'] },
    ],
  },
  {
    contract: 'upstreamRegistryContract',
    ports: ['UpstreamRegistry'],
    runs: [
      { file: `${FAKES}/fake-upstream-registry.contract.test.ts`, implementations: ['FakeUpstreamRegistry'] },
      { file: 'packages/upstream-registry/src/http-upstream-registry.contract.test.ts', implementations: ['HttpUpstreamRegistry'] },
    ],
  },
  {
    contract: 'storeChangesContract',
    ports: ['StoreChanges'],
    runs: [
      { file: `${MEMORY}/in-memory-store-changes.contract.test.ts`, implementations: ['InMemoryStoreChanges'] },
      {
        file: 'packages/persistence/src/postgres-store-changes.contract.int.test.ts',
        implementations: ['PostgresStoreChanges'],
        via: 'openStore',
      },
    ],
  },
  {
    contract: 'expiringCacheContract',
    ports: ['ExpiringCache'],
    runs: [
      { file: `${MEMORY}/in-memory-expiring-cache.contract.test.ts`, implementations: ['InMemoryExpiringCache'] },
      { file: `${PLATFORM}/lru-expiring-cache.contract.test.ts`, implementations: ['LruExpiringCache'] },
    ],
  },
  {
    contract: 'githubAppContract',
    ports: ['GithubApp'],
    runs: [
      { file: `${FAKES}/fake-github-app.contract.test.ts`, implementations: ['FakeGithubApp'] },
      { file: 'packages/vcs-git/src/github-app-client.contract.test.ts', implementations: ['GithubAppClient'] },
    ],
  },
  {
    contract: 'clockContract',
    ports: ['Clock'],
    runs: [
      { file: `${FAKES}/manual-clock.contract.test.ts`, implementations: ['ManualClock'] },
      { file: `${PLATFORM}/system-clock.contract.test.ts`, implementations: ['SystemClock'] },
    ],
  },
  {
    contract: 'idGeneratorContract',
    ports: ['IdGenerator'],
    runs: [
      { file: `${FAKES}/sequential-ids.contract.test.ts`, implementations: ['SequentialIds'] },
      { file: `${PLATFORM}/random-ids.contract.test.ts`, implementations: ['RandomIds'] },
    ],
  },
  {
    contract: 'tokenHasherContract',
    ports: ['TokenHasher'],
    runs: [
      { file: `${FAKES}/fake-token-hasher.contract.test.ts`, implementations: ['FakeTokenHasher'] },
      { file: `${PLATFORM}/sha256-token-hasher.contract.test.ts`, implementations: ['Sha256TokenHasher'] },
    ],
  },
  {
    contract: 'passwordHasherContract',
    ports: ['PasswordHasher'],
    runs: [
      { file: `${FAKES}/fake-password-hasher.contract.test.ts`, implementations: ['FakePasswordHasher'] },
      { file: `${PLATFORM}/scrypt-password-hasher.contract.test.ts`, implementations: ['ScryptPasswordHasher', 'BoundedPasswordHasher'] },
    ],
  },
  {
    contract: 'secretCipherContract',
    ports: ['SecretCipher'],
    runs: [
      { file: `${FAKES}/fake-secret-cipher.contract.test.ts`, implementations: ['FakeSecretCipher'] },
      { file: `${PLATFORM}/aes-gcm-secret-cipher.contract.test.ts`, implementations: ['AesGcmSecretCipher'] },
    ],
  },
  {
    contract: 'openPgpSignaturesContract',
    ports: ['OpenPgpSignatures'],
    runs: [
      { file: `${FAKES}/fake-openpgp-signatures.contract.test.ts`, implementations: ['FakeOpenPgpSignatures'] },
      { file: 'packages/openpgp/src/openpgp-js-signatures.contract.test.ts', implementations: ['OpenPgpJsSignatures'] },
    ],
  },
  {
    contract: 'urlSignerContract',
    ports: ['UrlSigner'],
    runs: [
      { file: `${FAKES}/fake-url-signer.contract.test.ts`, implementations: ['FakeUrlSigner'] },
      { file: `${PLATFORM}/hmac-url-signer.contract.test.ts`, implementations: ['HmacUrlSigner'] },
    ],
  },
  {
    contract: 'signInAttemptsContract',
    ports: ['SignInAttempts'],
    runs: [
      { file: `${FAKES}/counting-sign-in-attempts.contract.test.ts`, implementations: ['CountingSignInAttempts'] },
      { file: `${PLATFORM}/memory-sign-in-attempts.contract.test.ts`, implementations: ['MemorySignInAttempts'] },
    ],
  },
  {
    contract: 'providerPackageReaderContract',
    ports: ['ProviderPackageReader'],
    runs: [
      {
        file: 'packages/module-analyzer/src/provider-packages/tar-zip-provider-package-reader.contract.test.ts',
        implementations: ['TarZipProviderPackageReader'],
      },
    ],
  },
  {
    contract: 'providerOriginContract',
    ports: ['ProviderOrigin'],
    // The fake is an origin registry over HTTPS, which the HTTP adapter is run against.
    runs: [{ file: 'apps/server/src/http-provider-origin.contract.int.test.ts', implementations: ['HttpProviderOrigin'] }],
  },
  {
    contract: 'healthCheckContract',
    ports: ['HealthCheck'],
    // Also run on the PostgreSQL store's health check (store-health.contract.int.test.ts), which is no class.
    runs: [{ file: `${MEMORY}/in-memory-health-check.contract.test.ts`, implementations: ['InMemoryHealthCheck'] }],
  },
]
