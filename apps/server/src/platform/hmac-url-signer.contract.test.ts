import { urlSignerContract } from '@cairn/testing/contracts'
import { HmacUrlSigner } from './hmac-url-signer.ts'

urlSignerContract('HMAC', () => new HmacUrlSigner('k'.repeat(32)))
