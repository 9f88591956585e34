import { createHash } from 'node:crypto'
import { addMember, fakeGpgKey, inMemoryDeps, signUpUser, type InMemoryDeps } from '@cairn/testing'
import type { UserPrincipal } from '../../auth/principal.ts'
import type { Edition } from '../../shared/edition.ts'
import { createUseCases, type UseCases } from '../../use-cases.ts'
import type { ProviderVersionView } from '../provider-views.ts'

export const PAGE = { number: 1, size: 20 }
export const KEY = fakeGpgKey('51852D87348FFC4C')
export const OTHER_KEY = fakeGpgKey('0123456789ABCDEF')
/** The private provider `acme/internal`, as the version and platform use cases name it. */
export const PROVIDER = { organizationName: 'acme', namespace: 'acme', name: 'internal' }
export const VERSION = { ...PROVIDER, version: '1.0.0' }
export const LINUX = { ...VERSION, os: 'linux', arch: 'amd64' }

export interface ProviderWorld {
  readonly deps: InMemoryDeps
  readonly cases: UseCases
  readonly owner: UserPrincipal
  /** A plain member of acme: reads, writes nothing. */
  readonly reader: UserPrincipal
  /** In a team of acme that manages modules. */
  readonly manager: UserPrincipal
  /** No member of acme; owner of globex. */
  readonly stranger: UserPrincipal
}

/** acme with an owner, a reader and a manager; globex, owned by the stranger. */
export async function providerWorld(edition: Edition = 'self-hosted'): Promise<ProviderWorld> {
  const deps = inMemoryDeps({ edition })
  const cases = createUseCases(deps)
  const owner = await signUpUser(cases, 'olivia')
  await cases.organizations.create({ name: 'acme', email: 'owners@acme.test' }, owner)
  const reader = await signUpUser(cases, 'mia')
  await addMember(cases, { organizationName: 'acme', email: 'mia@example.com' }, owner)
  const manager = await signUpUser(cases, 'mo')
  await addMember(cases, { organizationName: 'acme', email: 'mo@example.com' }, owner)
  const team = await cases.teams.create({ organizationName: 'acme', name: 'modules', access: { manageModules: true } }, owner)
  await cases.teams.addMembers({ id: team.id, usernames: ['mo'] }, owner)
  const stranger = await signUpUser(cases, 'nora')
  await cases.organizations.create({ name: 'globex', email: 'owners@globex.test' }, stranger)
  return { deps, cases, owner, reader, manager, stranger }
}

/** The outcome as a promise, even when the call throws before returning one. */
export function settle<T>(call: () => Promise<T>): Promise<T> {
  return Promise.resolve().then(call)
}

export async function* bytesOf(content: string | Uint8Array): AsyncGenerator<Uint8Array> {
  yield typeof content === 'string' ? new TextEncoder().encode(content) : content
}

export const encode = (text: string): Uint8Array => new TextEncoder().encode(text)

export function sha256(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex')
}

/** A zip's content for a platform, its file name and its digest. */
export function zipFor(os: string, arch: string) {
  const content = `zip of ${os}_${arch}`
  return { content, filename: `terraform-provider-internal_1.0.0_${os}_${arch}.zip`, shasum: sha256(content) }
}

/** SHA256SUMS listing the zips given, as sha256sum writes it. */
export function shasumsOf(...zips: readonly { readonly filename: string; readonly shasum: string }[]): string {
  return zips.map((zip) => `${zip.shasum}  ${zip.filename}\n`).join('')
}

/** The provider acme/internal and its version 1.0.0, signed by KEY (added to acme). */
export async function providerWithVersion(world: ProviderWorld, options: { readonly addKey?: boolean } = {}) {
  const { cases, owner } = world
  await cases.registryProviders.create({ organizationName: 'acme', name: 'internal', registryName: 'private' }, owner)
  if (options.addKey !== false) await cases.gpgKeys.create({ namespace: 'acme', asciiArmor: KEY.asciiArmor }, owner)
  return cases.providerVersions.create({ ...VERSION, keyId: KEY.keyId, protocols: ['5.0'] }, owner)
}

/** Uploads SHA256SUMS and its signature by KEY to a version, through its view's links. */
export async function uploadSums(world: ProviderWorld, view: ProviderVersionView, shasums: string): Promise<void> {
  await world.cases.providerUploads.upload({ objectId: view.uploads.shasums ?? '', content: bytesOf(shasums) })
  await world.cases.providerUploads.upload({ objectId: view.uploads.shasumsSig ?? '', content: bytesOf(KEY.sign(encode(shasums))) })
}

/** A platform of 1.0.0 created and its zip uploaded. */
export async function uploadedPlatform(world: ProviderWorld, os: string, arch: string) {
  const zip = zipFor(os, arch)
  const { upload } = await world.cases.providerPlatforms.create({ ...VERSION, os, arch, ...zip }, world.owner)
  return world.cases.providerUploads.upload({ objectId: upload ?? '', content: bytesOf(zip.content) })
}

/**
 * acme/internal 1.0.0 installable on linux_amd64: SHA256SUMS (which lists darwin_arm64 too), its
 * signature and the linux zip in.
 */
export async function installableVersion(world: ProviderWorld) {
  const view = await providerWithVersion(world)
  await uploadedPlatform(world, 'linux', 'amd64')
  await uploadSums(world, view, shasumsOf(zipFor('linux', 'amd64'), zipFor('darwin', 'arm64')))
  return view
}

/** Every blob key under a prefix. */
export async function blobKeys(deps: InMemoryDeps, prefix = 'providers/'): Promise<string[]> {
  const keys: string[] = []
  for await (const key of deps.blobs.list(prefix)) keys.push(key)
  return keys.sort()
}
