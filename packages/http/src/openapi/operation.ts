import type { MiddlewareHandler } from 'hono'
import { describeRoute, resolver } from 'hono-openapi'
import type { RouterRoute } from 'hono/types'
import type { OpenAPIV3_1 } from 'openapi-types'
import type { z } from 'zod'
import { JSON_API } from '../jsonapi/media-type.ts'
import type { Tag } from './tags.ts'

type Responses = Readonly<Record<string, OpenAPIV3_1.ResponseObject>>

export interface Operation {
  readonly summary: string
  readonly tag: Tag
  readonly description?: string
  /** A route kept for the clients that still call it; its answers name the successor. */
  readonly deprecated?: boolean
  /** The schema the handler validates its body with (`readDocument`), so the two cannot differ. */
  readonly body?: z.ZodType
  /** The media type of `body`; JSON:API unless said otherwise. */
  readonly bodyType?: string
  readonly query?: readonly OpenAPIV3_1.ParameterObject[]
  readonly responses: Responses
  /** How failures are answered: JSON:API error objects, or the registry protocol's `{"errors": […]}`. */
  readonly errors?: 'json-api' | 'protocol' | 'none'
  /** The credentials it takes; a bearer token unless said otherwise. */
  readonly security?: readonly OpenAPIV3_1.SecurityRequirementObject[]
}

const ERROR_RESPONSES = {
  'json-api': {
    description: 'A JSON:API error document, each error naming its field or parameter',
    content: { [JSON_API]: { schema: { $ref: '#/components/schemas/ErrorDocument' } } },
  },
  protocol: {
    description: 'The registry protocol’s error document',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ProtocolErrors' } } },
  },
} as const

/** The OpenAPI description of the route it is placed on (a middleware that only describes). */
export function operation(spec: Operation): MiddlewareHandler {
  const errors = spec.errors ?? 'json-api'
  const described = describeRoute({
    operationId: operationIdOf,
    summary: spec.summary,
    tags: [spec.tag],
    ...(spec.description !== undefined && { description: spec.description }),
    ...(spec.deprecated === true && { deprecated: true }),
    ...(spec.query !== undefined && { parameters: [...spec.query] }),
    ...(spec.security !== undefined && { security: [...spec.security] }),
    ...(spec.body !== undefined && {
      requestBody: { required: true, content: { [spec.bodyType ?? JSON_API]: { schema: resolver(spec.body) } } },
    }),
    responses: { ...spec.responses, ...(errors !== 'none' && { default: ERROR_RESPONSES[errors] }) },
  })
  // hono-openapi's middleware awaits `next()`: a promise and a frame on every request of every
  // route. This one hands the call on, and carries the description (its own enumerable symbol
  // property, which is all the document generator reads).
  const passOn: MiddlewareHandler = (_c, next) => next()
  return Object.assign(passOn, described)
}

/**
 * `getApiV2OrganizationsByOrgTeams`: the method and the path, which is unique, unlike the
 * summary (the admin routes are served under two prefixes). A trailing slash shows in the name.
 */
function operationIdOf(route: RouterRoute): string {
  const words = route.path.split('/').flatMap((segment) => {
    const parameter = /^:(\w+)/.exec(segment)?.[1]
    return parameter === undefined ? segment.split(/[^A-Za-z0-9]+/) : ['by', parameter]
  })
  const suffix = route.path.length > 1 && route.path.endsWith('/') ? 'Slash' : ''
  return `${route.method.toLowerCase()}${words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')}${suffix}`
}
