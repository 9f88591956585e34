import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeThrowawayCa, type ThrowawayCa } from '../test-support/throwaway-ca.ts'
import { readTlsOptions } from './tls-options.ts'

describe('readTlsOptions', () => {
  let ca: ThrowawayCa
  beforeAll(async () => {
    ca = await makeThrowawayCa(['localhost'])
  })
  afterAll(() => ca.dispose())

  it('reads a certificate and its key', () => {
    const options = readTlsOptions({ certFile: ca.certFile, keyFile: ca.keyFile })
    expect(options.cert.toString()).toContain('BEGIN CERTIFICATE')
    expect(options.key.toString()).toContain('PRIVATE KEY')
  })

  it('names a file that cannot be read', () => {
    expect(() => readTlsOptions({ certFile: '/nonexistent/cert.pem', keyFile: ca.keyFile })).toThrow(
      'CAIRN_TLS_CERT (/nonexistent/cert.pem) cannot be read: ENOENT',
    )
  })

  it('names a certificate file that holds no certificate', async () => {
    const garbage = join(ca.caFile, '..', 'garbage.pem')
    await writeFile(garbage, 'not a certificate')
    expect(() => readTlsOptions({ certFile: garbage, keyFile: ca.keyFile })).toThrow(`CAIRN_TLS_CERT (${garbage}) is not a PEM certificate`)
    expect(() => readTlsOptions({ certFile: ca.certFile, keyFile: garbage })).toThrow(`CAIRN_TLS_KEY (${garbage}) is not a PEM private key`)
  })

  it('refuses a key that is not the certificate’s', () => {
    // The CA's own key signs, but it is not the server certificate's key.
    expect(() => readTlsOptions({ certFile: ca.certFile, keyFile: join(ca.caFile, '..', 'ca.key') })).toThrow(
      'is not the private key of CAIRN_TLS_CERT',
    )
  })
})
