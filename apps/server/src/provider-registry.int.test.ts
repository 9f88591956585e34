import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from './cli/serve.ts'
import { GO } from './cli/test-support/go-tfe-client.ts'
import { cairn, userToken } from './test-support/cli.ts'
import { httpsRequest } from './test-support/https-client.ts'
import { HttpsModuleApi } from './test-support/https-module-api.ts'
import { buildTofuOnce, canUnshareMounts, TOFU_VERSION, whyNoTofu } from './test-support/opentofu.ts'
import { initTimeProvider, providerCli, type ProviderCliSetup } from './test-support/provider-install.ts'
import { makeProviderRelease, whyNoProviderRelease, type ProviderRelease } from './test-support/provider-release.ts'
import { testConfig } from './test-support/test-config.ts'
import { makeThrowawayCa, type ThrowawayCa } from './test-support/throwaway-ca.ts'
import { throwawayGpgKey, type ThrowawayGpgKey } from './test-support/throwaway-gpg-key.ts'
import { buildTimeProviderOnce, TIME_PROVIDER_VERSION } from './test-support/time-provider.ts'

/** A dotted name, as the CLIs insist on for registry hosts, that only the test's own hosts file knows. */
const HOST = 'registry.cairn.test'
const TERRAFORM = '/usr/local/bin/terraform'

const noRelease = whyNoProviderRelease(GO)
const unshare = canUnshareMounts()
if (noRelease !== undefined) console.warn(`\n!!! SKIPPING the provider registry tests with the real CLIs: ${noRelease}\n`)
if (noRelease === undefined && !unshare) {
  console.warn(
    `\n!!! ${HOST} cannot be given its own hosts file here (unshare -m refused): the CLIs get a host block, and discovery is not tested\n`,
  )
}

/** Both CLIs, each with why it cannot run here and how it names a signature by a key no one vouches for. */
const CLIS = [
  { cli: `OpenTofu ${TOFU_VERSION}`, skipped: whyNoTofu(), binary: buildTofuOnce, initialized: 'OpenTofu has been', signed: 'signed' },
  {
    cli: 'Terraform',
    skipped: existsSync(TERRAFORM) ? undefined : `${TERRAFORM} is absent`,
    binary: async () => TERRAFORM,
    initialized: 'Terraform has been',
    signed: 'self-signed',
  },
]
for (const { cli, skipped } of CLIS) {
  if (noRelease === undefined && skipped !== undefined) console.warn(`\n!!! SKIPPING the ${cli} provider install tests: ${skipped}\n`)
}

describe.skipIf(noRelease !== undefined)(
  `terraform-provider-time ${TIME_PROVIDER_VERSION}, published to Cairn over HTTPS with cairn providers publish, installed by the real CLIs`,
  () => {
    let key: ThrowawayGpgKey
    let other: ThrowawayGpgKey
    let release: ProviderRelease
    let rogue: ProviderRelease
    let ca: ThrowawayCa
    let server: RunningServer
    let token: string
    let scratch: string
    let publicKey: string

    beforeAll(async () => {
      const build = await buildTimeProviderOnce(GO ?? 'go')
      ;[key, other] = await Promise.all([throwawayGpgKey(), throwawayGpgKey()])
      const make = (namespace: string, signer: ThrowawayGpgKey) =>
        makeProviderRelease({ binary: build, namespace, type: 'time', version: TIME_PROVIDER_VERSION, key: signer })
      // rogue's SHA256SUMS is signed by a key other than the one its namespace is given.
      ;[release, rogue] = await Promise.all([make('acme', key), make('rogue', other)])
      ca = await makeThrowawayCa([HOST, 'localhost'])
      scratch = await mkdtemp(join(tmpdir(), 'cairn-provider-registry-'))
      publicKey = join(scratch, 'signing-key.asc')
      await writeFile(publicKey, key.armoredPublicKey)
      const env = { CAIRN_DATA_DIR: join(scratch, 'data'), PORT: '0', CAIRN_TLS_CERT: ca.certFile, CAIRN_TLS_KEY: ca.keyFile }
      token = await userToken(env, 'owner', true)
      server = await startServer(testConfig(env))
      const api = new HttpsModuleApi(server.url, await readFile(ca.caFile), token, 'acme')
      for (const name of ['acme', 'rogue']) {
        await api.call('POST', '/api/v2/organizations', { data: { type: 'organizations', attributes: { name, email: `a@${name}.test` } } })
      }
    }, 20 * 60_000)

    afterAll(async () => {
      await server?.stop()
      await ca?.dispose()
      for (const made of [release, rogue]) await made?.dispose()
      await key?.dispose()
      await other?.dispose()
      if (scratch !== undefined) await rm(scratch, { recursive: true, force: true })
    })

    /** `cairn providers publish` as a process, trusting the test CA, with the owner's token in CAIRN_TOKEN. */
    const publish = (made: ProviderRelease, organization: string, key = ['--public-key', publicKey]) =>
      cairn(
        { CAIRN_TOKEN: token, NODE_EXTRA_CA_CERTS: ca.caFile },
        ...['providers', 'publish', made.dir, '--address', server.url, '--organization', organization, ...key],
      )

    it('publishes the release with one command: provider, GPG key, version, SHA256SUMS, its signature and the platform zip', async () => {
      const published = await publish(release, 'acme')
      expect(published.stderr).toBe('')
      expect(published.code).toBe(0)
      const [platform] = release.platforms
      expect(published.stdout.split('\n')).toEqual(
        expect.arrayContaining([
          'created provider acme/time in organization acme',
          `uploaded GPG key ${key.keyId} to namespace acme`,
          `created version ${TIME_PROVIDER_VERSION} (key ${key.keyId}, protocols ${release.protocols.join(', ')})`,
          `uploaded ${join(release.dir, release.shasums)}`,
          `uploaded ${join(release.dir, release.signature)}`,
          `uploaded ${platform?.filename} (${platform?.os}_${platform?.arch})`,
          `published acme/time ${TIME_PROVIDER_VERSION}`,
        ]),
      )
    }, 120_000)

    it('says so and succeeds when the version is already published, the key named by its id this time', async () => {
      const again = await publish(release, 'acme', ['--key-id', key.keyId])
      expect(again.stdout).toContain(`acme/time ${TIME_PROVIDER_VERSION} is already published, with all 1 platform(s): nothing to do`)
      expect(again.code).toBe(0)
    }, 120_000)

    it('refuses, at the signature upload, a release signed by a key other than the namespace’s; a re-run says what is missing', async () => {
      const refused = await publish(rogue, 'rogue')
      expect(refused.code).toBe(1)
      expect(refused.stderr).toMatch(/^cairn: uploading the SHA256SUMS signature: the server answered 422\n {2}\S/)
      expect(refused.stderr).toContain("SHA256SUMS.sig was made by another key than the version's key-id")
      expect(refused.stdout).not.toContain('published rogue/time')
      const again = await publish(rogue, 'rogue')
      expect(again.stdout).toContain(
        `version ${TIME_PROVIDER_VERSION} exists but is not complete; still missing: ${rogue.signature.replace(/^.*_/, '')}`,
      )
      expect(again.code).toBe(1)
      // The provider exists, with no version the protocol offers.
      const versions = await httpsRequest(`${server.url}/api/registry/v1/providers/rogue/time/versions`, {
        ca: await readFile(ca.caFile),
        headers: { Authorization: `Bearer ${token}` },
      })
      expect([versions.status, JSON.parse(versions.body.toString())]).toEqual([200, { versions: [] }])
    }, 120_000)

    describe.each(CLIS)('$cli', ({ skipped, binary: findBinary, initialized, signed }) => {
      let setup: ProviderCliSetup
      beforeAll(async () => {
        if (skipped !== undefined) return
        const port = new URL(server.url).port
        setup = { binary: await findBinary(), scratch, host: HOST, port, caFile: ca.caFile, token, unshare }
      }, 20 * 60_000)

      it.skipIf(skipped !== undefined)(
        'installs <host>/acme/time through discovery, checking its signature, locks its hashes, and applies a time_static',
        async () => {
          const installed = await initTimeProvider(setup, 'acme', TIME_PROVIDER_VERSION)
          expect(installed.output).toContain(`${initialized} successfully initialized!`)
          expect(installed.code).toBe(0)
          expect(installed.output).toContain(
            `- Installed ${HOST}:${setup.port}/acme/time v${TIME_PROVIDER_VERSION} (${signed}, key ID ${key.keyId})`,
          )
          // A zh: hash for each line of the signed SHA256SUMS (the manifest's too), an h1: of the unpacked zip.
          const lock = await readFile(join(installed.dir, '.terraform.lock.hcl'), 'utf8')
          const sums = (await readFile(join(release.dir, release.shasums), 'utf8')).trim().split('\n')
          for (const line of sums) expect(lock).toContain(`"zh:${line.split('  ')[0]}"`)
          expect(lock).toMatch(/"h1:[A-Za-z0-9+/]{43}="/)

          const applied = await providerCli(setup, installed.dir, ['apply', '-auto-approve', '-input=false', '-no-color'])
          expect(applied.output).toContain('Apply complete! Resources: 1 added, 0 changed, 0 destroyed.')
          expect(applied.output).toMatch(/year = \d{4}/)
          expect(applied.code).toBe(0)
        },
        300_000,
      )

      it.skipIf(skipped !== undefined)(
        'finds no installable version of the release whose signature was refused',
        async () => {
          const refused = await initTimeProvider(setup, 'rogue', TIME_PROVIDER_VERSION)
          expect(refused.code).not.toBe(0)
          // Both CLIs report a provider whose versions list is empty as one no registry has.
          expect(refused.output.replace(/\s+/g, ' ')).toMatch(
            /rogue\/time was not found in any of the search locations|no available releases match the given constraints/,
          )
          expect(refused.output).not.toContain('successfully initialized')
        },
        300_000,
      )
    })
  },
)
