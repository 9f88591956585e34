import { createUseCases, type HealthCheck, type UnitOfWork, type UseCaseDeps, type UseCases } from '@cairn/core'
import type { HttpDeps } from '@cairn/http'
import { Container, type ServiceIdentifier } from 'inversify'
import type { Config } from './config.ts'
import { consoleErrorLog } from './platform/console-error-log.ts'
import { RandomIds } from './platform/random-ids.ts'
import { Sha256TokenHasher } from './platform/sha256-token-hasher.ts'
import { SystemClock } from './platform/system-clock.ts'

const id = <T>(name: string) => Symbol.for(`cairn.${name}`) as ServiceIdentifier<T>

export const TYPES = {
  Config: id<Config>('Config'),
  UnitOfWork: id<UnitOfWork>('UnitOfWork'),
  Health: id<HealthCheck>('HealthCheck'),
  Ports: id<UseCaseDeps>('Ports'),
  UseCases: id<UseCases>('UseCases'),
  HttpDeps: id<HttpDeps>('HttpDeps'),
} as const

/**
 * The composition root: binds the store it is given and the Node platform adapters, and builds
 * every use case from them. Core classes carry no decorators; they are built from the ports.
 */
export function buildContainer(config: Config, store: { unitOfWork: UnitOfWork; health: HealthCheck }): Container {
  const container = new Container({ defaultScope: 'Singleton' })
  container.bind(TYPES.Config).toConstantValue(config)
  container.bind(TYPES.UnitOfWork).toConstantValue(store.unitOfWork)
  container.bind(TYPES.Health).toConstantValue(store.health)
  container.bind(TYPES.Ports).toResolvedValue(
    (unitOfWork: UnitOfWork): UseCaseDeps => ({
      unitOfWork,
      clock: new SystemClock(),
      ids: new RandomIds(),
      hasher: new Sha256TokenHasher(),
    }),
    [TYPES.UnitOfWork],
  )
  container.bind(TYPES.UseCases).toResolvedValue(createUseCases, [TYPES.Ports])
  container.bind(TYPES.HttpDeps).toResolvedValue(
    (useCases: UseCases, health: HealthCheck): HttpDeps => ({
      ...useCases,
      health,
      edition: config.edition,
      ...(config.baseUrl !== undefined && { baseUrl: config.baseUrl }),
      log: consoleErrorLog,
    }),
    [TYPES.UseCases, TYPES.Health],
  )
  return container
}
