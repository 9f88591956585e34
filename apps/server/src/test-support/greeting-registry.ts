import { startGitHttpServer, type GitHttpServer } from '@cairn/test-fixtures'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer, type RunningServer } from '../cli/serve.ts'
import { userToken } from './cli.ts'
import { greetingModuleArchive } from './greeting-module.ts'
import { httpsRequest } from './https-client.ts'
import { HttpsModuleApi } from './https-module-api.ts'
import type { ServerStore } from './server-stores.ts'
import { testConfig } from './test-config.ts'
import { makeThrowawayCa, type ThrowawayCa } from './throwaway-ca.ts'

/** The credential the git HTTP server asks of Cairn, as an OAuth client's token. */
export const GIT_CREDENTIAL = { username: 'x-access-token', password: 'cairn-tofu-test-credential' }

/**
 * A Cairn server over HTTPS (certificate for `host` and localhost by a throw-away CA) beside a
 * git HTTP server, with organization acme and its module greeting/generic at 1.0.0, 1.1.0 and
 * 2.0.0, and a 1.2.0 whose archive was refused: newer than 1.1.0 and inside "~> 1.0", it must
 * never be chosen.
 */
export interface GreetingRegistry {
  readonly server: RunningServer
  readonly ca: ThrowawayCa
  readonly caPem: Buffer
  readonly git: GitHttpServer
  /** The owner's token: a site admin, owner of acme. */
  readonly token: string
  /** Scratch space removed by `dispose`; the git server's repositories live in its `git` folder. */
  readonly scratch: string
  readonly modules: HttpsModuleApi
  /** Each version's upload link and the archive sent there. */
  readonly uploads: ReadonlyMap<string, { readonly link: string; readonly archive: Buffer }>
  dispose(): Promise<void>
}

/** Starts a GreetingRegistry on the store `openStore` makes; everything it started is stopped if it fails part way. */
export async function startGreetingRegistry(host: string, openStore: () => Promise<ServerStore>): Promise<GreetingRegistry> {
  const undo: (() => Promise<unknown>)[] = []
  const dispose = async () => {
    for (const step of undo.reverse()) await step()
  }
  try {
    const ca = await makeThrowawayCa([host, 'localhost'])
    undo.push(() => ca.dispose())
    const scratch = await mkdtemp(join(tmpdir(), 'cairn-tofu-'))
    undo.push(() => rm(scratch, { recursive: true, force: true }))
    const git = await startGitHttpServer(join(scratch, 'git'), GIT_CREDENTIAL)
    undo.push(() => git.close())
    const store = await openStore()
    undo.push(() => store.drop())
    const env = {
      ...store.env,
      CAIRN_DATA_DIR: join(scratch, 'data'),
      PORT: '0',
      CAIRN_TLS_CERT: ca.certFile,
      CAIRN_TLS_KEY: ca.keyFile,
      CAIRN_VCS_POLL_INTERVAL_SECONDS: '0',
      CAIRN_VCS_ALLOWED_HOSTS: '127.0.0.1',
    }
    const token = await userToken(env, 'owner', true)
    const server = await startServer(testConfig(env))
    undo.push(() => server.stop())
    const caPem = await readFile(ca.caFile)
    const modules = new HttpsModuleApi(server.url, caPem, token, 'acme')
    const uploads = new Map<string, { link: string; archive: Buffer }>()
    await modules.call('POST', '/api/v2/organizations', {
      data: { type: 'organizations', attributes: { name: 'acme', email: 'a@acme.test' } },
    })
    await modules.call('POST', '/api/v2/organizations/acme/registry-modules', {
      data: { type: 'registry-modules', attributes: { name: 'greeting', provider: 'generic' } },
    })
    const to = { modules, ca: caPem }
    for (const version of ['1.0.0', '1.1.0', '2.0.0'])
      uploads.set(version, await publish(to, version, await greetingModuleArchive(version)))
    const broken = await greetingModuleArchive('1.2.0', [{ path: 'broken.tf', body: 'resource "x" {' }])
    uploads.set('1.2.0', await publish(to, '1.2.0', broken))
    return { server, ca, caPem, git, token, scratch, modules, uploads, dispose }
  } catch (error) {
    await dispose()
    throw error
  }
}

/** Creates `version` of greeting and uploads `archive`; answers once its analysis has settled it (ok, or refused with the reason). */
async function publish(
  { modules, ca }: { modules: HttpsModuleApi; ca: Buffer },
  version: string,
  archive: Buffer,
): Promise<{ link: string; archive: Buffer }> {
  const body = { data: { type: 'registry-module-versions', attributes: { version } } }
  const created = (await modules.call(
    'POST',
    '/api/v2/organizations/acme/registry-modules/private/acme/greeting/generic/versions',
    body,
  )) as {
    data: { links: { upload: string } }
  }
  const link = created.data.links.upload
  // The upload host answers once the archive is stored; `init` must not run ahead of its analysis.
  const stored = await httpsRequest(link, { ca, method: 'PUT', body: archive })
  if (stored.status !== 200) throw new Error(`upload ${version}: ${stored.status} ${stored.body.toString()}`)
  await modules.settled('greeting', version)
  return { link, archive }
}
