import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { tofu, type TofuResult } from './opentofu.ts'

/** What a `tofu init` or `terraform init` against a Cairn server over HTTPS needs to know. */
export interface TofuInitSetup {
  /** tofu or terraform: both take the same flags, environment and CLI configuration. */
  readonly binary: string
  /** Each run gets a fresh directory under it. */
  readonly scratch: string
  /** The dotted registry host the CLI is to resolve to 127.0.0.1. */
  readonly host: string
  readonly serverUrl: string
  readonly caFile: string
  /** Whether the CLI can be given its own hosts file; without one it is told where the services are. */
  readonly unshare: boolean
}

/** `init` in a fresh directory holding `configuration`, as a CLI user with `cliToken`, or with no credentials for the registry. */
export async function tofuInit(
  setup: TofuInitSetup,
  configuration: string,
  cliToken: string | undefined,
): Promise<TofuResult & { dir: string }> {
  const dir = await mkdtemp(join(setup.scratch, 'work-'))
  await writeFile(join(dir, 'main.tf'), configuration)
  const cliConfigFile = join(dir, 'cli.tfrc')
  const port = new URL(setup.serverUrl).port
  const registry = `${setup.host}:${port}`
  const hostBlock = setup.unshare
    ? ''
    : `host "${registry}" {\n  services = { "modules.v1" = "https://localhost:${port}/api/registry/v1/modules/" }\n}\n`
  const credentials = cliToken === undefined ? '' : `credentials "${registry}" {\n  token = "${cliToken}"\n}\n`
  await writeFile(cliConfigFile, `${credentials}${hostBlock}`)
  const hostsFile = join(dir, 'hosts')
  await writeFile(hostsFile, `127.0.0.1 localhost ${setup.host}\n`)
  const result = await tofu(setup.binary, ['init', '-input=false', '-no-color'], {
    cwd: dir,
    cliConfigFile,
    caFile: setup.caFile,
    ...(setup.unshare && { hostsFile }),
  })
  return { ...result, dir }
}

/** Where `tofu init` in `dir` put each module, from the manifest the CLI writes. */
export async function installedModules(dir: string): Promise<Map<string, { dir: string; version: string }>> {
  const manifest = JSON.parse(await readFile(join(dir, '.terraform/modules/modules.json'), 'utf8')) as {
    Modules: { Key: string; Dir: string; Version?: string }[]
  }
  return new Map(manifest.Modules.filter((m) => m.Key !== '').map((m) => [m.Key, { dir: join(dir, m.Dir), version: m.Version ?? '' }]))
}
