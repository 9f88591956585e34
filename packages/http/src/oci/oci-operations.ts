import { OCI_MEDIA_TYPES } from '@cairn/core'
import { operation, type Operation } from '../openapi/operation.ts'
import { bodyOfType, json, queryParameter } from '../openapi/responses.ts'

const OCI_ERRORS = json('An OCI error document: NAME_UNKNOWN, MANIFEST_UNKNOWN, BLOB_UNKNOWN, UNAUTHORIZED (with a challenge)', {
  type: 'object',
  properties: { errors: { type: 'array', items: { type: 'object' } } },
})
const oci = (spec: Omit<Operation, 'tag' | 'errors'>) =>
  operation({ ...spec, tag: 'oci', errors: 'none', responses: { ...spec.responses, default: OCI_ERRORS } })

export const API_VERSION = oci({
  summary: 'Check the OCI distribution API',
  description: 'Answers 200 to a Cairn token (Bearer, or the password of Basic credentials), else 401 with the challenge.',
  responses: { 200: json('The API is served', { type: 'object' }) },
})
export const TOKEN = oci({
  summary: 'Exchange credentials for an OCI bearer token',
  description: 'Docker token authentication: Basic credentials whose password is a Cairn token; the token answered is that token.',
  security: [],
  query: [queryParameter('service', 'This host'), queryParameter('scope', 'repository:<name>:pull')],
  responses: { 200: json('The token', { type: 'object', properties: { token: { type: 'string' }, access_token: { type: 'string' } } }) },
})
export const MANIFEST = oci({
  summary: 'Fetch a module version’s OCI manifest',
  description: 'By tag (the version, `+` written `_`; `latest` is the latest release) or by digest. HEAD gives the headers alone.',
  responses: { 200: bodyOfType('The image manifest, with Docker-Content-Digest', OCI_MEDIA_TYPES.manifest) },
})
export const BLOB = oci({
  summary: 'Fetch a blob of a module version’s OCI artifact',
  description: 'The module’s zip, or the empty config. HEAD gives the headers alone.',
  responses: { 200: bodyOfType('The blob, with Docker-Content-Digest', 'application/octet-stream') },
})
export const TAGS_LIST = oci({
  summary: 'List a module provider’s OCI tags',
  query: [queryParameter('n', 'At most this many'), queryParameter('last', 'Only tags after this one, in lexical order')],
  responses: { 200: json('The tags, and a Link header to the next page', { type: 'object' }) },
})
