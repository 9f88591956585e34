import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** A certificate authority made for one test run, and a server certificate it signed. */
export interface ThrowawayCa {
  /** The CA certificate, for clients to trust (`SSL_CERT_FILE`). */
  readonly caFile: string
  readonly certFile: string
  readonly keyFile: string
  dispose(): Promise<void>
}

/**
 * Makes a CA and a server certificate for `hostnames` (plus 127.0.0.1) with the openssl CLI, in
 * a temporary folder, valid for a day. Go clients (the OpenTofu CLI) want subject alternative
 * names and a CA marked as one; both are set.
 */
export async function makeThrowawayCa(hostnames: readonly string[]): Promise<ThrowawayCa> {
  const dir = await mkdtemp(join(tmpdir(), 'cairn-ca-'))
  const file = (name: string) => join(dir, name)
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
  await run('openssl', [
    'req',
    '-x509',
    ...ec,
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
    '-days',
    '1',
    '-subj',
    '/CN=Cairn throw-away test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ])
  await run('openssl', [
    'req',
    ...ec,
    '-keyout',
    file('server.key'),
    '-out',
    file('server.csr'),
    '-subj',
    `/CN=${hostnames[0] ?? 'localhost'}`,
  ])
  const names = [...hostnames.map((name) => `DNS:${name}`), 'IP:127.0.0.1'].join(',')
  await writeFile(
    file('server.ext'),
    `subjectAltName=${names}\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n`,
  )
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-out',
    file('server.pem'),
    '-days',
    '1',
    '-extfile',
    file('server.ext'),
  ])
  return {
    caFile: file('ca.pem'),
    certFile: file('server.pem'),
    keyFile: file('server.key'),
    dispose: () => rm(dir, { recursive: true, force: true }),
  }
}
