import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@cairn/core'
import type { OpenAPIV3_1 } from 'openapi-types'
import { JSON_API } from '../jsonapi/media-type.ts'

type Schema = OpenAPIV3_1.SchemaObject | OpenAPIV3_1.ReferenceObject

/** The shapes the responses share, as `components.schemas`. */
export const SCHEMAS: Readonly<Record<string, OpenAPIV3_1.SchemaObject>> = {
  Resource: {
    type: 'object',
    description: 'A JSON:API resource object',
    required: ['id', 'type'],
    properties: {
      id: { type: 'string' },
      type: { type: 'string' },
      attributes: { type: 'object', additionalProperties: true },
      relationships: { type: 'object', additionalProperties: true },
      links: { type: 'object', additionalProperties: { type: 'string' } },
    },
  },
  ErrorDocument: {
    type: 'object',
    required: ['errors'],
    properties: {
      errors: {
        type: 'array',
        items: {
          type: 'object',
          required: ['status', 'title'],
          properties: {
            status: { type: 'string', examples: ['422'] },
            title: { type: 'string' },
            detail: { type: 'string' },
            source: {
              type: 'object',
              description: 'A JSON pointer into the request body, or the query parameter at fault',
              properties: { pointer: { type: 'string', examples: ['/data/attributes/name'] }, parameter: { type: 'string' } },
            },
          },
        },
      },
    },
  },
  ProtocolErrors: { type: 'object', required: ['errors'], properties: { errors: { type: 'array', items: { type: 'string' } } } },
  PaginationMeta: {
    type: 'object',
    properties: {
      'current-page': { type: 'integer' },
      'page-size': { type: 'integer' },
      'prev-page': { type: ['integer', 'null'] },
      'next-page': { type: ['integer', 'null'] },
      'total-pages': { type: 'integer' },
      'total-count': { type: 'integer' },
    },
  },
}

const included = { type: 'array', items: { $ref: '#/components/schemas/Resource' } } as const

function resourceOf(type: string): Schema {
  return { allOf: [{ $ref: '#/components/schemas/Resource' }, { type: 'object', properties: { type: { const: type } } }] }
}

/** A JSON:API document whose primary data is one resource of `type`. */
export function oneResource(description: string, type: string): OpenAPIV3_1.ResponseObject {
  return jsonApiContent(description, { type: 'object', required: ['data'], properties: { data: resourceOf(type), included } })
}

/** A JSON:API document whose primary data is a page of resources of `type`. */
export function resourceList(description: string, type: string): OpenAPIV3_1.ResponseObject {
  return jsonApiContent(description, {
    type: 'object',
    required: ['data'],
    properties: {
      data: { type: 'array', items: resourceOf(type) },
      included,
      links: { type: 'object', additionalProperties: { type: ['string', 'null'] } },
      meta: { type: 'object', properties: { pagination: { $ref: '#/components/schemas/PaginationMeta' } }, additionalProperties: true },
    },
  })
}

/** An answer without a body. */
export function noContent(description: string): OpenAPIV3_1.ResponseObject {
  return { description }
}

/** A plain JSON answer of the given shape. */
export function json(description: string, schema: Schema): OpenAPIV3_1.ResponseObject {
  return { description, content: { 'application/json': { schema } } }
}

function jsonApiContent(description: string, schema: Schema): OpenAPIV3_1.ResponseObject {
  return { description, content: { [JSON_API]: { schema } } }
}

/** The query parameters of every paginated list. */
export const PAGE_QUERY: readonly OpenAPIV3_1.ParameterObject[] = [
  { name: 'page[number]', in: 'query', schema: { type: 'integer', minimum: 1 }, description: 'The page, from 1' },
  {
    name: 'page[size]',
    in: 'query',
    schema: { type: 'integer', minimum: 1 },
    description: `Items per page: ${DEFAULT_PAGE_SIZE} unless given, at most ${MAX_PAGE_SIZE} (a larger size is capped)`,
  },
]

/** A query parameter taking a string. */
export function queryParameter(name: string, description: string, required = false): OpenAPIV3_1.ParameterObject {
  return { name, in: 'query', description, required, schema: { type: 'string' } }
}

/** A body in a non-JSON media type: text, HTML, a script or an archive. */
export function bodyOfType(description: string, mediaType: string): OpenAPIV3_1.ResponseObject {
  return { description, content: { [mediaType]: { schema: { type: 'string' } } } }
}
