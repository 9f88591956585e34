import type { CairnError, ErrorCode, FieldError } from '@cairn/core'
import { JSON_API } from './media-type.ts'

/** Adding an error code without a status here does not compile. */
export const STATUS = {
  not_found: 404,
  invalid: 422,
  bad_request: 400,
  precondition: 400,
  conflict: 409,
  forbidden: 403,
  unauthenticated: 401,
  unavailable: 503,
  rate_limited: 429,
  upstream_failed: 502,
  upstream_timeout: 504,
} as const satisfies Record<ErrorCode, number>

const TITLE = {
  not_found: 'not found',
  invalid: 'invalid attribute',
  bad_request: 'invalid parameter',
  precondition: 'bad request',
  conflict: 'conflict',
  forbidden: 'forbidden',
  unauthenticated: 'unauthorized',
  unavailable: 'service unavailable',
  rate_limited: 'Too many requests',
  upstream_failed: 'bad gateway',
  upstream_timeout: 'gateway timeout',
} as const satisfies Record<ErrorCode, string>

/**
 * Where an error object points. A field error's `field` names a domain field (`deprecatedReason`,
 * an attribute), a JSON pointer into the body (`/reason`) or, with a leading `?`, a query
 * parameter (`?page[size]`).
 */
export type ErrorSource = { readonly pointer: string } | { readonly parameter: string }

export interface ErrorObject {
  readonly status: string
  readonly title: string
  readonly detail?: string
  readonly source?: ErrorSource
}

export interface ErrorDocument {
  readonly errors: readonly ErrorObject[]
}

/** One error object per bad field, or one for the whole error; `status` is a string as clients expect. */
export function errorDocument(error: CairnError): ErrorDocument {
  const status = String(STATUS[error.code])
  const title = TITLE[error.code]
  if (error.fields.length === 0) return { errors: [{ status, title, detail: error.message }] }
  return {
    errors: error.fields.map((field) => ({
      status,
      title,
      detail: `${humanName(field)} ${field.message}`,
      source: sourceOf(field.field),
    })),
  }
}

/** `error` answered outside a request's context (a host's adapter refusing it before the app runs). */
export function errorResponse(error: CairnError): Response {
  return new Response(JSON.stringify(errorDocument(error)), { status: STATUS[error.code], headers: { 'Content-Type': JSON_API } })
}

/** `deprecatedReason` → `/data/attributes/deprecated-reason`; pointers and parameters pass through. */
function sourceOf(field: string): ErrorSource {
  if (field.startsWith('?')) return { parameter: field.slice(1) }
  if (field.startsWith('/') || field === '') return { pointer: field }
  return { pointer: `/data/attributes/${field.split('.').map(kebabCase).join('/')}` }
}

function humanName(field: FieldError): string {
  if (field.field.startsWith('?')) return field.field.slice(1)
  // The empty pointer is the whole request body.
  if (field.field === '') return 'the request body'
  const last = field.field.split('/').at(-1) ?? field.field
  return kebabCase(last)
}

function kebabCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
}
