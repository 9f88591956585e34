import type { GpgKey, ProviderPlatform, ProviderVersion, RegistryProvider } from '@cairn/core'
import type { RegistryGpgKeyRecord } from '../schema/registry-gpg-key.schema.ts'
import type { RegistryProviderPlatformRecord } from '../schema/registry-provider-platform.schema.ts'
import { semverOrderKey } from './semver-order.ts'
import type { RegistryProviderVersionRecord } from '../schema/registry-provider-version.schema.ts'
import type { RegistryProviderRecord } from '../schema/registry-provider.schema.ts'

/** The provider registry's records and rows, both ways: each parent is its key in the row. */

export function toRegistryProvider(record: RegistryProviderRecord): RegistryProvider {
  return {
    id: record.id,
    organizationName: record.organization.name,
    registryName: record.registryName,
    namespace: record.namespace,
    name: record.name,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  }
}

export function toRegistryProviderRecord(provider: RegistryProvider) {
  const { organizationName, ...fields } = provider
  return { ...fields, organization: organizationName }
}

export function toProviderVersion(record: RegistryProviderVersionRecord): ProviderVersion {
  return {
    id: record.id,
    providerId: record.provider.id,
    version: record.version,
    keyId: record.keyId,
    protocols: record.protocols,
    shasums: record.shasums ?? null,
    shasumsSignatureUploaded: record.shasumsSignatureUploaded,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  }
}

export function toProviderVersionRecord(version: ProviderVersion) {
  const { providerId, protocols, shasums, ...fields } = version
  return {
    ...fields,
    provider: providerId,
    versionOrder: semverOrderKey(fields.version),
    protocols: [...protocols],
    shasums: shasums === null ? null : [...shasums],
  }
}

export function toProviderPlatform(record: RegistryProviderPlatformRecord): ProviderPlatform {
  return {
    id: record.id,
    versionId: record.version.id,
    os: record.os,
    arch: record.arch,
    filename: record.filename,
    shasum: record.shasum,
    binaryUploaded: record.binaryUploaded,
    downloads: record.downloads,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  }
}

export function toProviderPlatformRecord(platform: ProviderPlatform) {
  const { versionId, ...fields } = platform
  return { ...fields, version: versionId }
}

export function toGpgKey(record: RegistryGpgKeyRecord): GpgKey {
  return {
    id: record.id,
    organizationName: record.organization.name,
    namespace: record.namespace,
    keyId: record.keyId,
    asciiArmor: record.asciiArmor,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  }
}

export function toGpgKeyRecord(key: GpgKey) {
  const { organizationName, ...fields } = key
  return { ...fields, organization: organizationName }
}
