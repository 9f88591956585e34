import type { GpgKey, ProviderPlatform, ProviderVersion, RegistryProvider, UnitOfWork } from '@cairn/core'
import { minute, seedOrganizations } from './fixtures.ts'

/** The fixtures of the provider registry's contracts: providers, versions, platforms and keys of `acme`. */

export function aProvider(overrides: Partial<RegistryProvider> = {}): RegistryProvider {
  return {
    id: 'prov-1',
    organizationName: 'acme',
    registryName: 'private',
    namespace: 'acme',
    name: 'aws',
    createdAt: minute(0),
    updatedAt: minute(0),
    ...overrides,
  }
}

export function aProviderVersion(overrides: Partial<ProviderVersion> = {}): ProviderVersion {
  return {
    id: 'provver-1',
    providerId: 'prov-1',
    version: '1.0.0',
    keyId: '32966F3FB5AC1129',
    protocols: ['5.0', '6.0'],
    shasums: null,
    shasumsSignatureUploaded: false,
    createdAt: minute(0),
    updatedAt: minute(0),
    ...overrides,
  }
}

export function aPlatform(overrides: Partial<ProviderPlatform> = {}): ProviderPlatform {
  return {
    id: 'provpltfrm-1',
    versionId: 'provver-1',
    os: 'linux',
    arch: 'amd64',
    filename: 'terraform-provider-aws_1.0.0_linux_amd64.zip',
    shasum: 'a'.repeat(64),
    binaryUploaded: false,
    downloads: 0,
    createdAt: minute(0),
    updatedAt: minute(0),
    ...overrides,
  }
}

export function aGpgKey(overrides: Partial<GpgKey> = {}): GpgKey {
  return {
    id: '1',
    organizationName: 'acme',
    namespace: 'acme',
    keyId: '32966F3FB5AC1129',
    asciiArmor: '-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQINBF…\n-----END PGP PUBLIC KEY BLOCK-----\n',
    createdAt: minute(0),
    updatedAt: minute(0),
    ...overrides,
  }
}

/** Stores `acme` and `globex`, then these providers, in one unit of work each. */
export async function seedProviders(unitOfWork: UnitOfWork, ...providers: RegistryProvider[]): Promise<void> {
  await seedOrganizations(unitOfWork, 'acme', 'globex')
  await unitOfWork.run(async ({ registryProviders }) => {
    for (const provider of providers) await registryProviders.add(provider)
  })
}

/** Stores `acme`'s provider `prov-1`, then these versions. */
export async function seedVersions(unitOfWork: UnitOfWork, ...versions: ProviderVersion[]): Promise<void> {
  await seedProviders(unitOfWork, aProvider())
  await unitOfWork.run(async ({ providerVersions }) => {
    for (const version of versions) await providerVersions.add(version)
  })
}
