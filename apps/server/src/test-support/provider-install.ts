import { mkdtemp, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { tofu, type TofuResult } from './opentofu.ts'

/** What running tofu or terraform against a Cairn over HTTPS, for its provider registry, needs to know. */
export interface ProviderCliSetup {
  /** tofu or terraform; both take the same environment and flags. */
  readonly binary: string
  /** Each init gets a fresh directory under it. */
  readonly scratch: string
  /** The dotted registry host the CLI is to resolve to 127.0.0.1. */
  readonly host: string
  readonly port: string
  readonly caFile: string
  readonly token: string
  /** Whether the CLI can be given its own hosts file; without one it is told where providers.v1 is. */
  readonly unshare: boolean
}

/** Runs the CLI with `args` in `dir` as the holder of the setup's token, resolving the registry host to loopback. */
export async function providerCli(setup: ProviderCliSetup, dir: string, args: readonly string[]): Promise<TofuResult> {
  const address = `${setup.host}:${setup.port}`
  const hostBlock = setup.unshare
    ? ''
    : `host "${address}" {\n  services = { "providers.v1" = "https://localhost:${setup.port}/api/registry/v1/providers/" }\n}\n`
  await writeFile(join(dir, 'cli.tfrc'), `credentials "${address}" {\n  token = "${setup.token}"\n}\n${hostBlock}`)
  await writeFile(join(dir, 'hosts'), `127.0.0.1 localhost ${setup.host}\n`)
  return tofu(setup.binary, args, {
    cwd: dir,
    cliConfigFile: join(dir, 'cli.tfrc'),
    caFile: setup.caFile,
    ...(setup.unshare && { hostsFile: join(dir, 'hosts') }),
  })
}

/** `init` in a fresh directory whose configuration requires `<host>/<namespace>/time` at `version` and has one time_static. */
export async function initTimeProvider(setup: ProviderCliSetup, namespace: string, version: string): Promise<TofuResult & { dir: string }> {
  const dir = await mkdtemp(join(setup.scratch, `${namespace}-`))
  const source = `${setup.host}:${setup.port}/${namespace}/time`
  await writeFile(
    join(dir, 'main.tf'),
    `terraform {\n  required_providers {\n    time = {\n      source  = "${source}"\n      version = "${version}"\n    }\n  }\n}\n\n` +
      `resource "time_static" "release" {}\n\noutput "year" {\n  value = time_static.release.year\n}\n`,
  )
  return { ...(await providerCli(setup, dir, ['init', '-input=false', '-no-color'])), dir }
}
