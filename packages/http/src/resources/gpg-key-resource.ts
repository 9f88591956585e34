import type { GpgKey } from '@cairn/core'
import type { ResourceObject } from '../jsonapi/documents.ts'

/**
 * A namespace's GPG key, its armor echoed byte for byte. Cairn keeps no key source or trust
 * signature (those describe HashiCorp's partner keys): `source` and `trust-signature` are empty
 * and `source-url` is null, as Terraform Enterprise answers for keys it did not get from a partner.
 */
export function gpgKeyResource(key: GpgKey): ResourceObject {
  return {
    id: key.id,
    type: 'gpg-keys',
    attributes: {
      'ascii-armor': key.asciiArmor,
      'key-id': key.keyId,
      namespace: key.namespace,
      source: '',
      'source-url': null,
      'trust-signature': '',
      'created-at': key.createdAt.toISOString(),
      'updated-at': key.updatedAt.toISOString(),
    },
    links: { self: `${GPG_KEYS}/${key.namespace}/${key.keyId}` },
  }
}

/** Where a namespace's GPG keys are managed, outside `/api/v2` as on Terraform Enterprise. */
export const GPG_KEYS = '/api/registry/private/v2/gpg-keys'
