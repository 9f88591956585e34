import {
  AuthenticateToken,
  CreateToolVersion,
  CreateUser,
  CreateUserToken,
  DeleteToolVersion,
  ListToolVersions,
  RevokeToken,
  ShowToolVersion,
  UpdateToolVersion,
  type Clock,
  type HealthCheck,
  type IdGenerator,
  type TokenHasher,
  type UnitOfWork,
} from '@cairn/core'
import type { HttpDeps } from '@cairn/http'
import { Container, type ServiceIdentifier } from 'inversify'
import type { Config } from './config.ts'
import { RandomIds } from './platform/random-ids.ts'
import { Sha256TokenHasher } from './platform/sha256-token-hasher.ts'
import { SystemClock } from './platform/system-clock.ts'
import { consoleErrorLog } from './platform/console-error-log.ts'

/** The ports every use case draws on, as one object that matches their `deps`. */
export interface Ports {
  readonly unitOfWork: UnitOfWork
  readonly clock: Clock
  readonly ids: IdGenerator
  readonly hasher: TokenHasher
}

const id = <T>(name: string) => Symbol.for(`cairn.${name}`) as ServiceIdentifier<T>

export const TYPES = {
  Config: id<Config>('Config'),
  UnitOfWork: id<UnitOfWork>('UnitOfWork'),
  Health: id<HealthCheck>('HealthCheck'),
  Ports: id<Ports>('Ports'),
  AuthenticateToken: id<AuthenticateToken>('AuthenticateToken'),
  CreateUser: id<CreateUser>('CreateUser'),
  CreateUserToken: id<CreateUserToken>('CreateUserToken'),
  RevokeToken: id<RevokeToken>('RevokeToken'),
  ListToolVersions: id<ListToolVersions>('ListToolVersions'),
  CreateToolVersion: id<CreateToolVersion>('CreateToolVersion'),
  ShowToolVersion: id<ShowToolVersion>('ShowToolVersion'),
  UpdateToolVersion: id<UpdateToolVersion>('UpdateToolVersion'),
  DeleteToolVersion: id<DeleteToolVersion>('DeleteToolVersion'),
  HttpDeps: id<HttpDeps>('HttpDeps'),
} as const

/**
 * The composition root: binds the store it is given, the Node platform adapters and every use
 * case. Core classes carry no decorators; each is built from the ports it names.
 */
export function buildContainer(config: Config, store: { unitOfWork: UnitOfWork; health: HealthCheck }): Container {
  const container = new Container({ defaultScope: 'Singleton' })
  container.bind(TYPES.Config).toConstantValue(config)
  container.bind(TYPES.UnitOfWork).toConstantValue(store.unitOfWork)
  container.bind(TYPES.Health).toConstantValue(store.health)
  container
    .bind(TYPES.Ports)
    .toResolvedValue(
      (unitOfWork: UnitOfWork): Ports => ({
        unitOfWork,
        clock: new SystemClock(),
        ids: new RandomIds(),
        hasher: new Sha256TokenHasher(),
      }),
      [TYPES.UnitOfWork],
    )

  const useCase = <T>(type: ServiceIdentifier<T>, make: (ports: Ports) => T) =>
    container.bind(type).toResolvedValue(make, [TYPES.Ports])
  useCase(TYPES.AuthenticateToken, (ports) => new AuthenticateToken(ports))
  useCase(TYPES.CreateUser, (ports) => new CreateUser(ports))
  useCase(TYPES.CreateUserToken, (ports) => new CreateUserToken(ports))
  useCase(TYPES.RevokeToken, (ports) => new RevokeToken(ports))
  useCase(TYPES.ListToolVersions, (ports) => new ListToolVersions(ports))
  useCase(TYPES.CreateToolVersion, (ports) => new CreateToolVersion(ports))
  useCase(TYPES.ShowToolVersion, (ports) => new ShowToolVersion(ports))
  useCase(TYPES.UpdateToolVersion, (ports) => new UpdateToolVersion(ports))
  useCase(TYPES.DeleteToolVersion, (ports) => new DeleteToolVersion(ports))

  container.bind(TYPES.HttpDeps).toDynamicValue(
    (context): HttpDeps => ({
      authenticate: context.get(TYPES.AuthenticateToken),
      health: context.get(TYPES.Health),
      toolVersions: {
        list: context.get(TYPES.ListToolVersions),
        create: context.get(TYPES.CreateToolVersion),
        show: context.get(TYPES.ShowToolVersion),
        update: context.get(TYPES.UpdateToolVersion),
        remove: context.get(TYPES.DeleteToolVersion),
      },
      edition: config.edition,
      ...(config.baseUrl !== undefined && { baseUrl: config.baseUrl }),
      log: consoleErrorLog,
    }),
  )
  return container
}
