import { secretCipherContract } from '@cairn/testing/contracts'
import { randomBytes } from 'node:crypto'
import { AesGcmSecretCipher } from './aes-gcm-secret-cipher.ts'

secretCipherContract('AES-GCM', () => new AesGcmSecretCipher(randomBytes(32).toString('base64')))
