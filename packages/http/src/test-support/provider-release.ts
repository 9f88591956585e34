import { createHash } from 'node:crypto'
import { expect } from 'vitest'
import { json, type SingleDoc } from './documents.ts'
import { AWS, created, GPG_KEYS, onLink, platformBody, versionBody, withAws } from './provider-fixtures.ts'
import { aSigningKey, type SigningKey } from './provider-signing.ts'
import type { TestApp } from './test-app.ts'

export const sha256 = (content: string | Uint8Array) => createHash('sha256').update(content).digest('hex')
export const zipName = (version: string, platform: string) => `terraform-provider-aws_${version}_${platform}.zip`
export const zipOf = (version: string, platform: string) => `zip of aws ${version} for ${platform}`

/** SHA256SUMS listing the zips of `platforms` (`linux_amd64`, …) of `version`. */
export function shasumsOf(version: string, platforms: readonly string[]): string {
  return platforms.map((platform) => `${sha256(zipOf(version, platform))}  ${zipName(version, platform)}\n`).join('')
}

/** acme/aws with acme's signing key added, as a provider's publisher starts. */
export async function withAwsAndKey() {
  const organization = await withAws()
  const key = await aSigningKey()
  const body = { data: { type: 'gpg-keys', attributes: { namespace: 'acme', 'ascii-armor': key.asciiArmor } } }
  await created(organization.t, GPG_KEYS, organization.tokens.publisher, body)
  return { ...organization, key }
}

/** PUTs `body` to `link`, which must answer `status`; the resource answered, when it is 200. */
export async function put(t: TestApp, link: string | undefined, body: BodyInit, status = 200): Promise<SingleDoc['data'] | undefined> {
  expect(link).toBeDefined()
  const response = await onLink(t, link ?? '', 'PUT', body)
  expect(response.status, await response.clone().text()).toBe(status)
  return status === 200 ? (await json<SingleDoc>(response)).data : undefined
}

/**
 * Publishes aws `version` signed by `key`: the version, SHA256SUMS and its signature, then each
 * platform of `platforms` and, for those in `uploaded` (all by default), its zip.
 */
export async function publishAws(
  t: TestApp,
  publisher: string,
  release: { version: string; key: SigningKey; platforms: readonly string[]; uploaded?: readonly string[] },
) {
  const version = await created(t, `${AWS}/versions`, publisher, versionBody(release.version, release.key.keyId))
  const shasums = shasumsOf(release.version, release.platforms)
  await put(t, version.links?.['shasums-upload'], shasums)
  await put(t, version.links?.['shasums-sig-upload'], await release.key.sign(new TextEncoder().encode(shasums)))
  for (const platform of release.platforms) {
    const [os, arch] = platform.split('_')
    const attributes = { os, arch, shasum: sha256(zipOf(release.version, platform)), filename: zipName(release.version, platform) }
    const made = await created(t, `${AWS}/versions/${release.version}/platforms`, publisher, platformBody(attributes))
    if (release.uploaded?.includes(platform) ?? true) await put(t, made.links?.['provider-binary-upload'], zipOf(release.version, platform))
  }
  return version
}
