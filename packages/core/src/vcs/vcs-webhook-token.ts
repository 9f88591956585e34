import { isCairnError } from '../errors/cairn-error.ts'
import type { IdGenerator } from '../ports/id-generator.ts'
import type { SecretCipher } from '../ports/secret-cipher.ts'
import type { TokenHasher } from '../ports/token-hasher.ts'
import type { RegistryModule, VcsWebhook } from '../modules/registry-module.ts'

export interface WebhookTokenDeps {
  readonly ids: IdGenerator
  readonly cipher: SecretCipher
  readonly hasher: TokenHasher
}

/** A fresh webhook token for module `moduleId`, sealed to that module. */
export function newVcsWebhook(deps: WebhookTokenDeps, moduleId: string): VcsWebhook {
  const token = deps.ids.uuid()
  return { sealedToken: deps.cipher.seal(token, moduleId), tokenDigest: deps.hasher.hash(token) }
}

/**
 * The module's webhook token in clear, to show its URL; null without one, or when it no longer
 * opens (the encryption key changed): a resync then issues a new one.
 */
export function webhookTokenOf(cipher: SecretCipher, module: RegistryModule): string | null {
  const webhook = module.vcsRepo?.webhook ?? null
  if (webhook === null) return null
  try {
    return cipher.open(webhook.sealedToken, module.id)
  } catch (error) {
    if (isCairnError(error, 'unavailable')) return null
    throw error
  }
}
