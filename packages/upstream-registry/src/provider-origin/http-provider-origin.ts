import {
  CairnError,
  type ByteStream,
  type MirroredProviderAddress,
  type OriginPackage,
  type OriginPlatform,
  type OriginVersion,
  type ProviderOrigin,
} from '@cairn/core'
import { originError } from './origin-errors.ts'
import { streamGet } from './stream-get.ts'
import { parseDownload, parseOriginVersions, providersService } from './origin-shapes.ts'

export interface HttpProviderOriginOptions {
  /** How long one request may take, body and all; a zip gets `archiveTimeoutMs`. */
  readonly timeoutMs: number
  readonly archiveTimeoutMs: number
}

/** SHA256SUMS of a release and its signature are a few kilobytes. */
const MAX_SMALL_FILE_BYTES = 1024 * 1024

const segmentsOf = (...parts: string[]) => parts.map(encodeURIComponent).join('/')

/**
 * Origin registries over HTTPS, found as the CLI finds them: service discovery on the provider's
 * hostname (`https://<hostname>/.well-known/terraform.json`), then `providers.v1`. Discovery is
 * asked on every pull: pulls are rare, and a registry may move its service.
 */
export class HttpProviderOrigin implements ProviderOrigin {
  readonly #options: HttpProviderOriginOptions

  constructor(options: HttpProviderOriginOptions) {
    this.#options = options
  }

  async versions(address: MirroredProviderAddress): Promise<readonly OriginVersion[]> {
    const url = new URL(`${segmentsOf(address.namespace, address.type)}/versions`, await this.#providers(address.hostname))
    return parseOriginVersions(address.hostname, await this.#json(url))
  }

  async package(platform: OriginPlatform): Promise<OriginPackage> {
    const { namespace, type, version, os, arch } = platform
    const url = new URL(
      `${segmentsOf(namespace, type, version)}/download/${segmentsOf(os, arch)}`,
      await this.#providers(platform.hostname),
    )
    const answer = parseDownload(platform.hostname, await this.#json(url))
    const [shasums, shasumsSignature] = await Promise.all([
      this.#small(new URL(answer.shasumsUrl, url)),
      this.#small(new URL(answer.shasumsSignatureUrl, url)),
    ])
    return {
      platform,
      filename: answer.filename,
      sha256: answer.shasum,
      downloadUrl: new URL(answer.downloadUrl, url).href,
      shasums,
      shasumsSignature,
      signingKeys: answer.signingKeys,
    }
  }

  async *zip(found: OriginPackage, maxBytes: number): ByteStream {
    const url = new URL(found.downloadUrl)
    const signal = AbortSignal.timeout(this.#options.archiveTimeoutMs)
    const response = await streamGet(url, signal).catch((error: unknown) => {
      throw originError(error, url)
    })
    try {
      const status = response.statusCode ?? 0
      if (status === 404) throw CairnError.notFound('provider package')
      if (status !== 200) throw new CairnError('upstream_failed', `the registry at ${url.host} answered ${status} for ${url.pathname}`)
      let size = 0
      for await (const chunk of response as AsyncIterable<Buffer>) {
        size += chunk.byteLength
        if (size > maxBytes) throw new CairnError('upstream_failed', `the zip at ${url.host} is larger than ${maxBytes} bytes`)
        yield chunk
      }
    } catch (error) {
      throw originError(error, url)
    } finally {
      response.destroy()
    }
  }

  async #providers(hostname: string): Promise<URL> {
    const discovery = new URL(`https://${hostname}/.well-known/terraform.json`)
    const missing = () => CairnError.notFound('provider')
    const service = providersService(await this.#json(discovery, missing))
    if (service === undefined) throw new CairnError('upstream_failed', `${hostname} offers no provider registry`)
    const providers = new URL(service, discovery)
    if (!providers.pathname.endsWith('/')) providers.pathname += '/'
    return providers
  }

  async #json(url: URL, missing = () => CairnError.notFound('provider')): Promise<unknown> {
    const response = await this.#get(url, this.#options.timeoutMs, missing)
    try {
      return JSON.parse(new TextDecoder().decode(await bounded(response, MAX_SMALL_FILE_BYTES, url)))
    } catch (error) {
      throw originError(error, url)
    }
  }

  async #small(url: URL): Promise<Uint8Array> {
    try {
      return await bounded(await this.#get(url, this.#options.timeoutMs), MAX_SMALL_FILE_BYTES, url)
    } catch (error) {
      throw originError(error, url)
    }
  }

  async #get(url: URL, timeoutMs: number, missing = () => CairnError.notFound('provider')): Promise<Response> {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' })
      if (response.ok) return response
      await response.body?.cancel()
      if (response.status === 404) throw missing()
      throw new CairnError('upstream_failed', `the registry at ${url.host} answered ${response.status} for ${url.pathname}`)
    } catch (error) {
      throw originError(error, url)
    }
  }
}

async function bounded(response: Response, maxBytes: number, url: URL): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of chunksOf(response)) {
    size += chunk.byteLength
    if (size > maxBytes)
      throw new CairnError('upstream_failed', `the registry at ${url.host} sent more than ${maxBytes} bytes for ${url.pathname}`)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

/** A response's body, chunk by chunk; the body is cancelled if the reader stops early. */
async function* chunksOf(response: Response): AsyncGenerator<Uint8Array> {
  const reader = response.body?.getReader()
  if (reader === undefined) return
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) yield next.value
  } finally {
    await reader.cancel().catch(() => undefined)
  }
}
