import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GO } from '../cli/test-support/go-tfe-client.ts'
import { startMinimalProviderRegistry, type MinimalProviderRegistry } from './minimal-provider-registry.ts'
import { buildTofuOnce, canUnshareMounts, tofu, TOFU_VERSION, whyNoTofu, type TofuResult } from './opentofu.ts'
import { makeProviderRelease, whyNoProviderRelease, type ProviderRelease, type ReleaseSigner } from './provider-release.ts'
import { makeThrowawayCa, type ThrowawayCa } from './throwaway-ca.ts'
import { throwawayGpgKey, type ThrowawayGpgKey } from './throwaway-gpg-key.ts'
import { buildTimeProviderOnce, TIME_PROVIDER_VERSION } from './time-provider.ts'

/** A dotted name, as the CLIs insist on for registry hosts, that only the test's own hosts file knows. */
const HOST = 'registry.cairn.test'
const TOKEN = 'cairn-provider-release-test-token'
const TERRAFORM = '/usr/local/bin/terraform'

const noRelease = whyNoProviderRelease(GO)
const unshare = canUnshareMounts()
if (noRelease !== undefined) console.warn(`\n!!! SKIPPING the provider release tests with the real CLIs: ${noRelease}\n`)
if (noRelease === undefined && !unshare) {
  console.warn(
    `\n!!! ${HOST} cannot be given its own hosts file here (unshare -m refused): the CLIs reach the registry through a host block, and discovery is not tested\n`,
  )
}

/**
 * Both CLIs, each with why it cannot run here and how it names a signature by a key no one
 * vouches for (an empty `trust_signature`); terraform takes the same environment as tofu.
 */
const CLIS = [
  {
    cli: `OpenTofu ${TOFU_VERSION}`,
    skipped: whyNoTofu(),
    binary: buildTofuOnce,
    initialized: 'OpenTofu has been successfully initialized!',
    signed: 'signed',
  },
  {
    cli: 'Terraform',
    skipped: existsSync(TERRAFORM) ? undefined : `${TERRAFORM} is absent`,
    binary: async () => TERRAFORM,
    initialized: 'Terraform has been successfully initialized!',
    signed: 'self-signed',
  },
]
for (const { cli, skipped } of CLIS)
  if (noRelease === undefined && skipped !== undefined) console.warn(`\n!!! SKIPPING the ${cli} provider install tests: ${skipped}\n`)

describe.skipIf(noRelease !== undefined)(
  `a terraform-provider-time ${TIME_PROVIDER_VERSION} release, installed by the real CLIs from a minimal registry`,
  () => {
    let key: ThrowawayGpgKey
    let other: ThrowawayGpgKey
    let releases: ProviderRelease[] = []
    let ca: ThrowawayCa
    let registry: MinimalProviderRegistry
    let scratch: string

    beforeAll(async () => {
      const build = await buildTimeProviderOnce(GO ?? 'go')
      ;[key, other] = await Promise.all([throwawayGpgKey(), throwawayGpgKey()])
      const release = (namespace: string, signer: ReleaseSigner) =>
        makeProviderRelease({ binary: build, namespace, type: 'time', version: TIME_PROVIDER_VERSION, key: signer })
      // acme's is signed by the key the registry names; the others are what a registry must refuse.
      releases = await Promise.all([
        release('acme', key),
        release('other-key', other),
        release('armored', { sign: (file) => key.armoredSignature(file) }),
      ])
      ca = await makeThrowawayCa([HOST, 'localhost'])
      registry = await startMinimalProviderRegistry({
        tls: ca,
        token: TOKEN,
        providers: releases.map((served) => ({ release: served, key })),
      })
      scratch = await mkdtemp(join(tmpdir(), 'cairn-provider-install-'))
    }, 20 * 60_000)

    afterAll(async () => {
      await registry?.close()
      await ca?.dispose()
      for (const release of releases) await release.dispose()
      await key?.dispose()
      await other?.dispose()
      if (scratch !== undefined) await rm(scratch, { recursive: true, force: true })
    })

    describe.each(CLIS)('$cli', ({ skipped, binary: findBinary, initialized, signed }) => {
      let binary: string
      beforeAll(async () => {
        if (skipped === undefined) binary = await findBinary()
      }, 20 * 60_000)

      /** Runs the CLI with `args` in `dir`, holding the registry's token. */
      async function cli(dir: string, args: readonly string[]): Promise<TofuResult> {
        const address = `${HOST}:${registry.port}`
        // Without a hosts file of its own, the CLI is told where the registry's services are.
        const hostBlock = unshare
          ? ''
          : `host "${address}" {\n  services = { "providers.v1" = "https://localhost:${registry.port}/v1/providers/" }\n}\n`
        await writeFile(join(dir, 'cli.tfrc'), `credentials "${address}" {\n  token = "${TOKEN}"\n}\n${hostBlock}`)
        await writeFile(join(dir, 'hosts'), `127.0.0.1 localhost ${HOST}\n`)
        return tofu(binary, args, {
          cwd: dir,
          cliConfigFile: join(dir, 'cli.tfrc'),
          caFile: ca.caFile,
          ...(unshare && { hostsFile: join(dir, 'hosts') }),
        })
      }

      /** `init` in a fresh directory whose configuration needs `namespace`/time and has one time_static. */
      async function init(namespace: string): Promise<TofuResult & { dir: string }> {
        const dir = await mkdtemp(join(scratch, `${namespace}-`))
        const source = `${HOST}:${registry.port}/${namespace}/time`
        await writeFile(
          join(dir, 'main.tf'),
          `terraform {\n  required_providers {\n    time = {\n      source  = "${source}"\n      version = "${TIME_PROVIDER_VERSION}"\n    }\n  }\n}\n\n` +
            `resource "time_static" "release" {}\n\noutput "year" {\n  value = time_static.release.year\n}\n`,
        )
        return { ...(await cli(dir, ['init', '-input=false', '-no-color'])), dir }
      }

      it.skipIf(skipped !== undefined)(
        'installs the release, checking its signature by the key the registry names, and applies a time_static',
        async () => {
          const [release] = releases
          const before = registry.requests.length
          const installed = await init('acme')
          expect(installed.output).toContain(initialized)
          expect(installed.code).toBe(0)
          expect(installed.output).toContain(
            `- Installed ${HOST}:${registry.port}/acme/time v${TIME_PROVIDER_VERSION} (${signed}, key ID ${key.keyId})`,
          )
          // A zh: hash for each line of the signed SHA256SUMS (the manifest's too), an h1: of the unpacked zip.
          const lock = await readFile(join(installed.dir, '.terraform.lock.hcl'), 'utf8')
          const sums = (await readFile(join(release?.dir ?? '', release?.shasums ?? ''), 'utf8')).trim().split('\n')
          for (const line of sums) expect(lock).toContain(`"zh:${line.split('  ')[0]}"`)
          expect(lock).toMatch(/"h1:[A-Za-z0-9+/]{43}="/)

          const requests = registry.requests.slice(before)
          expect(requests.every(({ status }) => status === 200)).toBe(true)
          const calls = requests
            .filter(({ path }) => path.startsWith('/v1/providers/'))
            .map(({ path, authorization }) => [path, authorization])
          expect(calls).toEqual([
            ['/v1/providers/acme/time/versions', `Bearer ${TOKEN}`],
            [
              `/v1/providers/acme/time/${TIME_PROVIDER_VERSION}/download/${release?.platforms[0]?.os}/${release?.platforms[0]?.arch}`,
              `Bearer ${TOKEN}`,
            ],
          ])
          const downloads = requests.filter(({ path }) => path.startsWith('/files/'))
          expect(new Set(downloads.map(({ path }) => path.split('/').at(-1)))).toEqual(
            new Set([release?.shasums, release?.signature, release?.platforms[0]?.filename]),
          )
          expect(downloads.filter(({ authorization }) => authorization !== undefined)).toEqual([])

          const applied = await cli(installed.dir, ['apply', '-auto-approve', '-input=false', '-no-color'])
          expect(applied.output).toContain('Apply complete! Resources: 1 added, 0 changed, 0 destroyed.')
          expect(applied.output).toMatch(/year = \d{4}/)
          expect(applied.code).toBe(0)
        },
        300_000,
      )

      it.skipIf(skipped !== undefined).each([
        ['a release whose SHA256SUMS another key signed', 'other-key', 'authentication signature from unknown issuer'],
        ['an ASCII-armored signature, even by the key the registry names', 'armored', 'error checking signature: openpgp: invalid data'],
      ])(
        'refuses %s',
        async (_case, namespace, reason) => {
          const refused = await init(namespace)
          expect(refused.code).not.toBe(0)
          expect(refused.output.replace(/\s+/g, ' ')).toContain(
            `Failed to install provider Error while installing ${HOST}:${registry.port}/${namespace}/time`,
          )
          expect(refused.output.replace(/\s+/g, ' ')).toContain(reason)
          expect(refused.output).not.toContain(initialized)
        },
        300_000,
      )
    })
  },
)
