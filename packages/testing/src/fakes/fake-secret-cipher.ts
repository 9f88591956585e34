import { CairnError, type SecretCipher } from '@cairn/core'

/** Seals by reversing and tagging with the context: readable in tests, still bound to the record. */
export class FakeSecretCipher implements SecretCipher {
  seal(secret: string, context: string): string {
    return `sealed:${context}:${[...secret].reverse().join('')}`
  }

  open(sealed: string, context: string): string {
    const prefix = `sealed:${context}:`
    if (!sealed.startsWith(prefix)) throw new CairnError('unavailable', 'the secret was not sealed for this record')
    return [...sealed.slice(prefix.length)].reverse().join('')
  }
}
