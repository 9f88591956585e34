import { createUseCases, type BlobStore, type CairnPorts, type HealthCheck, type UnitOfWork, type UseCases } from '@cairn/core'
import type { HttpDeps } from '@cairn/http'
import { TarModuleAnalyzer } from '@cairn/module-analyzer'
import { Container, type ServiceIdentifier } from 'inversify'
import type { Config } from './config.ts'
import { consoleErrorLog } from './platform/console-error-log.ts'
import { HmacUrlSigner } from './platform/hmac-url-signer.ts'
import { RandomIds } from './platform/random-ids.ts'
import { Sha256TokenHasher } from './platform/sha256-token-hasher.ts'
import { signingKey } from './platform/signing-key.ts'
import { SystemClock } from './platform/system-clock.ts'

const id = <T>(name: string) => Symbol.for(`cairn.${name}`) as ServiceIdentifier<T>

export const TYPES = {
  Config: id<Config>('Config'),
  UnitOfWork: id<UnitOfWork>('UnitOfWork'),
  Health: id<HealthCheck>('HealthCheck'),
  BlobStore: id<BlobStore>('BlobStore'),
  Ports: id<CairnPorts>('Ports'),
  UseCases: id<UseCases>('UseCases'),
  HttpDeps: id<HttpDeps>('HttpDeps'),
} as const

/** What the container is built over: the opened store and blob store. */
export interface Infrastructure {
  readonly unitOfWork: UnitOfWork
  readonly health: HealthCheck
  readonly blobs: BlobStore
}

/**
 * The composition root: binds the opened infrastructure and the Node platform adapters, and
 * builds every use case from them. Core classes carry no decorators; they are built from ports.
 */
export function buildContainer(config: Config, infrastructure: Infrastructure): Container {
  const container = new Container({ defaultScope: 'Singleton' })
  container.bind(TYPES.Config).toConstantValue(config)
  container.bind(TYPES.UnitOfWork).toConstantValue(infrastructure.unitOfWork)
  container.bind(TYPES.Health).toConstantValue(infrastructure.health)
  container.bind(TYPES.BlobStore).toConstantValue(infrastructure.blobs)
  container.bind(TYPES.Ports).toResolvedValue(
    (unitOfWork: UnitOfWork, blobs: BlobStore): CairnPorts => ({
      unitOfWork,
      blobs,
      clock: new SystemClock(),
      ids: new RandomIds(),
      hasher: new Sha256TokenHasher(),
      signer: new HmacUrlSigner(signingKey(config.signingKey, config.dataDir)),
      analyzer: new TarModuleAnalyzer(config.archiveLimits),
      edition: config.edition,
      maxArchiveBytes: config.archiveLimits.maxArchiveBytes,
    }),
    [TYPES.UnitOfWork, TYPES.BlobStore],
  )
  container.bind(TYPES.UseCases).toResolvedValue(createUseCases, [TYPES.Ports])
  container.bind(TYPES.HttpDeps).toResolvedValue(
    (useCases: UseCases, health: HealthCheck): HttpDeps => ({
      ...useCases,
      health,
      edition: config.edition,
      ...(config.baseUrl !== undefined && { baseUrl: config.baseUrl }),
      ...(config.uploadUrl !== undefined && { uploadUrl: config.uploadUrl }),
      log: consoleErrorLog,
    }),
    [TYPES.UseCases, TYPES.Health],
  )
  return container
}
