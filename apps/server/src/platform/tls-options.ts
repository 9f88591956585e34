import { readFileSync } from 'node:fs'
import { createSecureContext } from 'node:tls'
import type { TlsConfig } from '../cli/config.ts'
import { ConfigError } from '../config-error.ts'

/** What `https.createServer` needs. */
export interface TlsOptions {
  readonly cert: Buffer
  readonly key: Buffer
}

/**
 * Reads and checks the certificate and key, so that a missing, unreadable or malformed file, or
 * a key that is not the certificate's, stops start-up with a message naming the file.
 */
export function readTlsOptions(tls: TlsConfig): TlsOptions {
  const cert = readPem('CAIRN_TLS_CERT', tls.certFile)
  const key = readPem('CAIRN_TLS_KEY', tls.keyFile)
  check(() => createSecureContext({ cert }), `CAIRN_TLS_CERT (${tls.certFile}) is not a PEM certificate`)
  check(() => createSecureContext({ key }), `CAIRN_TLS_KEY (${tls.keyFile}) is not a PEM private key`)
  check(
    () => createSecureContext({ cert, key }),
    `CAIRN_TLS_KEY (${tls.keyFile}) is not the private key of CAIRN_TLS_CERT (${tls.certFile})`,
  )
  return { cert, key }
}

function readPem(variable: string, file: string): Buffer {
  try {
    return readFileSync(file)
  } catch (error) {
    throw new ConfigError(`${variable} (${file}) cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`)
  }
}

function check(attempt: () => unknown, message: string): void {
  try {
    attempt()
  } catch (error) {
    throw new ConfigError(`${message}: ${error instanceof Error ? error.message : String(error)}`)
  }
}
