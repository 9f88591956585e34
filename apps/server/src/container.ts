import {
  BLOB_STORE,
  CLOCK,
  createUseCases,
  HEALTH_CHECK,
  ID_GENERATOR,
  MODULE_ANALYZER,
  PASSWORD_HASHER,
  TOKEN_HASHER,
  UNIT_OF_WORK,
  UPSTREAM_REGISTRY,
  URL_SIGNER,
  type BlobStore,
  type CairnPorts,
  type CredentialEntry,
  type Clock,
  type HealthCheck,
  type IdGenerator,
  type ModuleAnalyzer,
  type PasswordHasher,
  type TokenHasher,
  type UnitOfWork,
  type UpstreamRegistry,
  type UrlSigner,
  type UseCases,
} from '@cairn/core'
import type { HttpDeps } from '@cairn/http'
import { HttpUpstreamRegistry } from '@cairn/upstream-registry'
import { Container, type ServiceIdentifier } from 'inversify'
import type { Settings } from './embed/settings.ts'
import { HmacUrlSigner } from './platform/hmac-url-signer.ts'
import { LruCredentialCache } from './platform/lru-credential-cache.ts'
import { RandomIds } from './platform/random-ids.ts'
import { ScryptPasswordHasher } from './platform/scrypt-password-hasher.ts'
import { Sha256TokenHasher } from './platform/sha256-token-hasher.ts'
import { SystemClock } from './platform/system-clock.ts'

/** The core's port tokens, typed for the container. */
const port = <T>(token: symbol) => token as ServiceIdentifier<T>
const id = <T>(name: string) => Symbol.for(`cairn.${name}`) as ServiceIdentifier<T>

export const TYPES = {
  Settings: id<Settings>('Settings'),
  UnitOfWork: port<UnitOfWork>(UNIT_OF_WORK),
  Health: port<HealthCheck>(HEALTH_CHECK),
  BlobStore: port<BlobStore>(BLOB_STORE),
  Clock: port<Clock>(CLOCK),
  Ids: port<IdGenerator>(ID_GENERATOR),
  Hasher: port<TokenHasher>(TOKEN_HASHER),
  Passwords: port<PasswordHasher>(PASSWORD_HASHER),
  Signer: port<UrlSigner>(URL_SIGNER),
  Analyzer: port<ModuleAnalyzer>(MODULE_ANALYZER),
  Upstream: port<UpstreamRegistry>(UPSTREAM_REGISTRY),
  Ports: id<CairnPorts>('Ports'),
  UseCases: id<UseCases>('UseCases'),
  HttpDeps: id<HttpDeps>('HttpDeps'),
} as const

/** Answers of the public registry kept in memory: enough for every curated module's questions. */
const UPSTREAM_CACHE_ENTRIES = 1000

/** What the container is built over: the opened store, the blob store and the analyzer's threads. */
export interface Infrastructure {
  readonly unitOfWork: UnitOfWork
  readonly health: HealthCheck
  readonly blobs: BlobStore
  readonly analyzer: ModuleAnalyzer
}

/**
 * The composition root: binds each port of the core to its adapter, and builds every use case
 * from them. Core classes carry no decorators; they are built from the ports they name.
 */
export function buildContainer(config: Settings, infrastructure: Infrastructure): Container {
  const container = new Container({ defaultScope: 'Singleton' })
  container.bind(TYPES.Settings).toConstantValue(config)
  container.bind(TYPES.UnitOfWork).toConstantValue(infrastructure.unitOfWork)
  container.bind(TYPES.Health).toConstantValue(infrastructure.health)
  container.bind(TYPES.BlobStore).toConstantValue(infrastructure.blobs)
  container.bind(TYPES.Clock).toConstantValue(new SystemClock())
  container.bind(TYPES.Ids).toConstantValue(new RandomIds())
  container.bind(TYPES.Hasher).toConstantValue(new Sha256TokenHasher())
  container.bind(TYPES.Passwords).toConstantValue(new ScryptPasswordHasher())
  container.bind(TYPES.Signer).toDynamicValue(() => new HmacUrlSigner(config.signingKey))
  container.bind(TYPES.Analyzer).toConstantValue(infrastructure.analyzer)
  container.bind(TYPES.Upstream).toDynamicValue(
    () => new HttpUpstreamRegistry({ ...config.upstreamRegistry, cacheMaxEntries: UPSTREAM_CACHE_ENTRIES }),
  )
  container.bind(TYPES.Ports).toDynamicValue(
    (context): CairnPorts => ({
      unitOfWork: context.get(TYPES.UnitOfWork),
      blobs: context.get(TYPES.BlobStore),
      clock: context.get(TYPES.Clock),
      ids: context.get(TYPES.Ids),
      hasher: context.get(TYPES.Hasher),
      credentialCache: new LruCredentialCache<CredentialEntry>(),
      passwords: context.get(TYPES.Passwords),
      signer: context.get(TYPES.Signer),
      analyzer: context.get(TYPES.Analyzer),
      upstream: context.get(TYPES.Upstream),
      edition: config.edition,
      maxArchiveBytes: config.archiveLimits.maxArchiveBytes,
      immutableVersions: config.immutableVersions,
    }),
  )
  container.bind(TYPES.UseCases).toResolvedValue(createUseCases, [TYPES.Ports])
  container.bind(TYPES.HttpDeps).toResolvedValue(
    (useCases: UseCases, health: HealthCheck): HttpDeps => ({
      ...useCases,
      health,
      edition: config.edition,
      ...(config.baseUrl !== undefined && { baseUrl: config.baseUrl }),
      ...(config.uploadUrl !== undefined && { uploadUrl: config.uploadUrl }),
      basePath: config.basePath,
      log: config.log,
    }),
    [TYPES.UseCases, TYPES.Health],
  )
  return container
}
