import { isRegistryName, type RegistryName } from '@cairn/core'
import type { Context } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../http-deps.ts'
import type { ErrorObject } from '../jsonapi/error-document.ts'
import { jsonApi } from '../jsonapi/media-type.ts'
import { readDocument } from '../jsonapi/request-document.ts'
import { attributes, optional, resourceDocument } from '../jsonapi/request-schemas.ts'

/** A new registry provider; `registry-name` is checked by `registryNameErrors`, in the texts go-tfe's tests expect. */
export const NEW_PROVIDER = resourceDocument(
  'registry-providers',
  attributes({
    name: ['name', z.string()],
    namespace: ['namespace', optional(z.string())],
    registryName: ['registry-name', optional(z.string())],
  }),
  { typeMayBeBlank: true },
)

/** What a create request asks for, or the answer refusing it. */
export type NewProvider = { name: string; namespace?: string; registryName: RegistryName } | { refused: Response }

/** Reads a create request; a missing or unknown `registry-name` is refused here. */
export async function readNewProvider(c: Context<AppEnv>): Promise<NewProvider> {
  const { registryName, ...rest } = (await readDocument(c, NEW_PROVIDER)).data.attributes
  if (registryName !== undefined && isRegistryName(registryName)) return { ...rest, registryName }
  return { refused: jsonApi(c, { errors: registryNameErrors(registryName ?? '') }, 422) }
}

/**
 * Terraform Enterprise's validation errors for a bad `registry-name`, which go-tfe's tests compare
 * as text: "can't be blank" when it is empty, "is not included in the list" whenever it is not
 * `public` or `private`.
 */
function registryNameErrors(given: string): ErrorObject[] {
  const error = (detail: string): ErrorObject => ({
    status: '422',
    title: 'invalid attribute',
    detail,
    source: { pointer: '/data/attributes/registry-name' },
  })
  const notListed = error('Registry name is not included in the list')
  return given === '' ? [error("Registry name can't be blank"), notListed] : [notListed]
}
