import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv, RouteDeps } from '../http-deps.ts'
import { listDocument } from '../jsonapi/documents.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { parsePageRequest } from '../jsonapi/pagination.ts'
import { queryError } from '../jsonapi/query-parameters.ts'
import { readDocument } from '../jsonapi/request-document.ts'
import { attributes, resourceDocument } from '../jsonapi/request-schemas.ts'
import { operation } from '../openapi/operation.ts'
import { noContent, oneResource, PAGE_QUERY, queryParameter, resourceList } from '../openapi/responses.ts'
import { gpgKeyResource } from '../resources/gpg-key-resource.ts'

const NEW_KEY = resourceDocument('gpg-keys', attributes({ namespace: ['namespace', z.string()], asciiArmor: ['ascii-armor', z.string()] }))

/** Only the namespace of a key changes: its armor is what it signs with. */
const KEY_CHANGE = resourceDocument('gpg-keys', attributes({ namespace: ['namespace', z.string()] }), { typeMayBeBlank: true })

const TAG = 'registry-providers'
const key = oneResource('The key', 'gpg-keys')
const LIST = operation({
  summary: 'List GPG keys',
  tag: TAG,
  query: [queryParameter('filter[namespace]', 'The namespaces, repeated or as a comma list', true), ...PAGE_QUERY],
  responses: { 200: resourceList('A page of keys of the namespaces the caller may read', 'gpg-keys') },
})
const CREATE = operation({
  summary: 'Add a GPG key',
  description: 'An ASCII-armored public key (RSA or DSA) that signs the namespace’s provider releases.',
  tag: TAG,
  body: NEW_KEY,
  responses: { 201: key },
})
const SHOW = operation({ summary: 'Show a GPG key', tag: TAG, responses: { 200: key } })
const UPDATE = operation({ summary: 'Move a GPG key to another namespace', tag: TAG, body: KEY_CHANGE, responses: { 200: key } })
const DELETE = operation({ summary: 'Delete a GPG key', tag: TAG, responses: { 204: noContent('Deleted') } })

/** The GPG keys of provider namespaces (go-tfe's GPGKeys), mounted at GPG_KEYS. */
export function gpgKeyRoutes(deps: RouteDeps) {
  const keys = deps.gpgKeys
  const one = '/:namespace/:keyId'
  return new Hono<AppEnv>()
    .get('/', LIST, async (c) => {
      const namespaces = namespacesOf(c.req.queries('filter[namespace]') ?? [])
      if (namespaces.length === 0) throw queryError('filter[namespace]', 'is required')
      // Each namespace is an organization whose access is worked out: a request may not ask for any number.
      if (namespaces.length > MAX_NAMESPACES) throw queryError('filter[namespace]', `names at most ${MAX_NAMESPACES} namespaces`)
      const page = await keys.list({ namespaces, page: parsePageRequest((name) => c.req.query(name)) }, c.var.principal)
      return jsonApi(c, listDocument(c, deps.baseUrl, page, page.items.map(gpgKeyResource), { emptyPages: 0 }))
    })
    .post('/', CREATE, async (c) => {
      const values = (await readDocument(c, NEW_KEY)).data.attributes
      return jsonApi(c, { data: gpgKeyResource(await keys.create(values, c.var.principal)) }, 201)
    })
    .get(one, SHOW, async (c) => jsonApi(c, { data: gpgKeyResource(await keys.show(c.req.param(), c.var.principal)) }))
    .patch(one, UPDATE, async (c) => {
      const { namespace: newNamespace } = (await readDocument(c, KEY_CHANGE)).data.attributes
      return jsonApi(c, { data: gpgKeyResource(await keys.update({ ...c.req.param(), newNamespace }, c.var.principal)) })
    })
    .delete(one, DELETE, async (c) => {
      await keys.delete(c.req.param(), c.var.principal)
      return c.body(null, 204)
    })
}

const MAX_NAMESPACES = 100

/** `filter[namespace]` repeated, each a comma list; blanks and repeats dropped. */
function namespacesOf(values: readonly string[]): string[] {
  const names = values.flatMap((value) => value.split(',')).map((name) => name.trim())
  return [...new Set(names.filter((name) => name !== ''))]
}
