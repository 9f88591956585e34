/** An answer of the server's JSON:API: its status and parsed body (`{}` when empty). */
export interface JsonApiAnswer<Body> {
  readonly status: number
  readonly body: Body
}

/**
 * A function that sends JSON:API requests to `baseUrl()` with `token` as the bearer: what the
 * end-to-end tests call `api`. The base URL is read at each call, as servers start after setup.
 */
export function jsonApiClient<Body>(baseUrl: () => string, token: () => string) {
  return async (method: string, path: string, body?: unknown): Promise<JsonApiAnswer<Body>> => {
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token()}`, 'Content-Type': 'application/vnd.api+json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    })
    const text = await response.text()
    return { status: response.status, body: (text === '' ? {} : JSON.parse(text)) as Body }
  }
}
