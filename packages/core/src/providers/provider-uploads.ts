import { CairnError, isCairnError } from '../errors/cairn-error.ts'
import type { ByteStream } from '../ports/module-analyzer.ts'
import { readBounded, streamOf } from './bounded-read.ts'
import type { ProviderUseCaseDeps } from './provider-deps.ts'
import { MAX_PROVIDER_BINARY_BYTES, MAX_SHASUMS_BYTES, MAX_SIGNATURE_BYTES } from './provider-limits.ts'
import { verifyProviderDownload, verifyProviderUpload } from './provider-links.ts'
import { providerBinaryBlobKey } from './provider-platform.ts'
import { platformContext, refuseSecondUpload, versionContext } from './provider-upload-context.ts'
import { shasumsBlobKey, shasumsSignatureBlobKey, signingKeyId } from './provider-version.ts'
import { NO_PERMISSIONS, platformViewOf, versionViewOf } from './provider-view-of.ts'
import type { ProviderUploadResult } from './provider-views.ts'
import { listsFile, parseShasums } from './shasums.ts'
import { refuseSignature } from './signature-refusal.ts'

type UploadDeps = Pick<ProviderUseCaseDeps, 'unitOfWork' | 'clock' | 'blobs' | 'signer' | 'openpgp'>

/**
 * The files of provider versions, through their signed links. Each is checked as the CLI will
 * check it at `init`, before anything is stored: SHA256SUMS must list every platform as created,
 * its signature must verify against the version's key, a zip must have its platform's shasum.
 * A refused file leaves nothing behind and its link working.
 */
export class ProviderUploads {
  readonly #deps: UploadDeps

  constructor(deps: UploadDeps) {
    this.#deps = deps
  }

  async upload(command: { readonly objectId: string; readonly content: ByteStream }): Promise<ProviderUploadResult> {
    const link = verifyProviderUpload(this.#deps.signer, command.objectId, this.#deps.clock.now())
    if (link === undefined) throw CairnError.notFound('upload link')
    switch (link.kind) {
      case 'shasums':
        return this.#shasums(link.recordId, command.content)
      case 'shasums-sig':
        return this.#signature(link.recordId, command.content)
      case 'binary':
        return this.#binary(link.recordId, command.content)
    }
  }

  /** A stored file behind a download token, to stream. */
  async download(command: { readonly token: string }): Promise<{ readonly blobKey: string; readonly content: ByteStream }> {
    const blobKey = this.#downloadKey(command.token)
    return { blobKey, content: await this.#deps.blobs.get(blobKey) }
  }

  /** That a download token is good and its file stored, without opening it (HEAD). */
  async describe(command: { readonly token: string }): Promise<{ readonly blobKey: string }> {
    const blobKey = this.#downloadKey(command.token)
    if (!(await this.#deps.blobs.has(blobKey))) throw CairnError.notFound('file')
    return { blobKey }
  }

  #downloadKey(token: string): string {
    const blobKey = verifyProviderDownload(this.#deps.signer, token, this.#deps.clock.now())
    if (blobKey === undefined) throw CairnError.notFound('file')
    return blobKey
  }

  async #shasums(versionId: string, content: ByteStream): Promise<ProviderUploadResult> {
    const context = await this.#deps.unitOfWork.read((repositories) => versionContext(repositories, versionId))
    if (context.version.shasums !== null) refuseSecondUpload('shasums', 'SHA256SUMS')
    const bytes = await readBounded(content, MAX_SHASUMS_BYTES, 'shasums')
    const entries = parseShasums(textOf(bytes))
    for (const platform of context.platforms) {
      if (!listsFile(entries, platform.filename, platform.shasum)) {
        throw CairnError.invalidField(
          'shasums',
          `has no line for ${platform.filename} with the shasum of platform ${platform.os}_${platform.arch}`,
        )
      }
    }
    await this.#deps.blobs.put(shasumsBlobKey(versionId), streamOf(bytes))
    const version = await this.#deps.unitOfWork.run(async (repositories) => {
      const current = await versionContext(repositories, versionId)
      if (current.version.shasums !== null) refuseSecondUpload('shasums', 'SHA256SUMS')
      const updated = { ...current.version, shasums: entries, updatedAt: this.#deps.clock.now() }
      await repositories.providerVersions.update(updated)
      return versionViewOf(this.#deps, { ...current, version: updated }, NO_PERMISSIONS)
    })
    return { kind: 'shasums', version }
  }

  async #signature(versionId: string, content: ByteStream): Promise<ProviderUploadResult> {
    const { context, key } = await this.#deps.unitOfWork.read(async (repositories) => {
      const found = await versionContext(repositories, versionId)
      return { context: found, key: await repositories.gpgKeys.find(found.provider.namespace, signingKeyId(found.version)) }
    })
    if (context.version.shasums === null) throw CairnError.invalidField('shasums-sig', 'needs SHA256SUMS: upload it before its signature')
    if (context.version.shasumsSignatureUploaded) refuseSecondUpload('shasums-sig', 'SHA256SUMS.sig')
    if (key === undefined) {
      throw CairnError.invalidField(
        'key-id',
        `namespace ${context.provider.namespace} has no GPG key ${context.version.keyId}: add it at /api/registry/private/v2/gpg-keys`,
      )
    }
    const signature = await readBounded(content, MAX_SIGNATURE_BYTES, 'shasums-sig')
    const shasums = await readBounded(await this.#deps.blobs.get(shasumsBlobKey(versionId)), MAX_SHASUMS_BYTES, 'shasums')
    const check = await this.#deps.openpgp.verify(key.asciiArmor, shasums, signature)
    if (check !== 'valid') refuseSignature(check)
    await this.#deps.blobs.put(shasumsSignatureBlobKey(versionId), streamOf(signature))
    const version = await this.#deps.unitOfWork.run(async (repositories) => {
      const current = await versionContext(repositories, versionId)
      if (current.version.shasumsSignatureUploaded) refuseSecondUpload('shasums-sig', 'SHA256SUMS.sig')
      const updated = { ...current.version, shasumsSignatureUploaded: true, updatedAt: this.#deps.clock.now() }
      await repositories.providerVersions.update(updated)
      return versionViewOf(this.#deps, { ...current, version: updated }, NO_PERMISSIONS)
    })
    return { kind: 'shasums-sig', version }
  }

  async #binary(platformId: string, content: ByteStream): Promise<ProviderUploadResult> {
    const context = await this.#deps.unitOfWork.read((repositories) => platformContext(repositories, platformId))
    if (context.platform.binaryUploaded) refuseSecondUpload('provider-binary', 'The zip')
    const blobKey = providerBinaryBlobKey(context.platform)
    const stored = await this.#deps.blobs.put(blobKey, content, { maxBytes: MAX_PROVIDER_BINARY_BYTES }).catch((error: unknown) => {
      if (isCairnError(error, 'invalid'))
        throw CairnError.invalidField('provider-binary', `is larger than ${MAX_PROVIDER_BINARY_BYTES} bytes`)
      throw error
    })
    if (stored.sha256 !== context.platform.shasum) {
      await this.#deps.blobs.delete(blobKey)
      throw CairnError.invalidField(
        'shasum',
        `the uploaded zip's SHA-256 is ${stored.sha256}, not the platform's shasum ${context.platform.shasum}`,
      )
    }
    const platform = await this.#deps.unitOfWork.run(async (repositories) => {
      const current = await platformContext(repositories, platformId)
      const updated = { ...current.platform, binaryUploaded: true, updatedAt: this.#deps.clock.now() }
      await repositories.providerPlatforms.update(updated)
      return platformViewOf(this.#deps, { ...current, platform: updated }, NO_PERMISSIONS)
    })
    return { kind: 'binary', platform }
  }
}

function textOf(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw CairnError.invalidField('shasums', 'is not UTF-8 text')
  }
}
