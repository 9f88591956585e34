import { get as httpGet, type IncomingMessage } from 'node:http'
import { get as httpsGet } from 'node:https'

const MAX_REDIRECTS = 5

/**
 * A GET as a Node stream, following redirects (release assets often sit behind one): its chunks
 * are the socket's Buffers, which leave less behind to collect than `fetch`'s web-stream chunks
 * (a 200 MiB body over HTTPS kept about 30 MiB less resident in a process pacing its garbage).
 */
export function streamGet(url: URL, signal: AbortSignal, redirects = MAX_REDIRECTS): Promise<IncomingMessage> {
  const get = url.protocol === 'http:' ? httpGet : httpsGet
  return new Promise((resolve, reject) => {
    get(url, { signal }, (response) => {
      const status = response.statusCode ?? 0
      const location = response.headers.location
      if (status >= 300 && status < 400 && location !== undefined && redirects > 0) {
        response.resume()
        streamGet(new URL(location, url), signal, redirects - 1).then(resolve, reject)
        return
      }
      resolve(response)
    }).on('error', reject)
  })
}
