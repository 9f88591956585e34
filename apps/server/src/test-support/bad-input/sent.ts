import fc from 'fast-check'

export const JSON_API = 'application/vnd.api+json'

export type Actor = 'admin' | 'owner' | 'anonymous' | { readonly authorization?: string; readonly cookie?: string }

/** One request, exactly as it goes on the wire: `path` is sent byte for byte (no URL normalisation). */
export interface Sent {
  readonly label: string
  readonly method: string
  readonly path: string
  readonly as: Actor
  readonly body?: string | Uint8Array
  readonly contentType?: string
}

export interface Answer {
  readonly status: number
  readonly contentType: string | undefined
  readonly text: string
  /** Lines the server logged as unexpected errors while answering. */
  readonly serverErrors: readonly string[]
}

/** What the setup created, which routes address. */
export type World = Record<
  'adminId' | 'ownerId' | 'teamId' | 'toolVersionId' | 'workspaceId' | 'runId' | 'moduleId' | 'membershipId' | 'tokenId',
  string
>

export const MODULE = '/api/v2/organizations/acme/registry-modules/private/acme/network/aws'

/** `request` sending `document` as JSON:API. */
export function withDocument(request: Omit<Sent, 'body' | 'contentType'>, document: unknown): Sent {
  return { ...request, contentType: JSON_API, body: JSON.stringify(document) }
}

/** `value`, printed by fast-check (in a failure's counterexample) as `describe` says. */
export function withDescription<T extends object>(value: T, describe: () => string): T {
  return Object.assign(value, { [fc.toStringMethod]: describe })
}

function preview(body: string | Uint8Array | undefined): string {
  if (body === undefined) return 'no body'
  const text = typeof body === 'string' ? body : Buffer.from(body).toString('latin1')
  const shown = JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}…` : text)
  return `${typeof body === 'string' ? Buffer.byteLength(body) : body.length} bytes ${shown}`
}

export function describeSent(sent: Sent): string {
  const path = sent.path.length > 300 ? `${sent.path.slice(0, 300)}… (${sent.path.length} characters)` : sent.path
  const as = typeof sent.as === 'string' ? sent.as : JSON.stringify(sent.as)
  return `[${sent.label}] ${sent.method} ${path} as ${as}, ${sent.contentType ?? 'no Content-Type'}, ${preview(sent.body)}`
}
