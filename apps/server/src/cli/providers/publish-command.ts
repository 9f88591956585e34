import { parseArgs } from 'node:util'
import { readDistRelease } from './dist-release.ts'
import { PublishError } from './publish-error.ts'
import { publishRelease } from './publish-release.ts'
import { TfeApi } from './tfe-api.ts'

export const PUBLISH_USAGE = `usage:
  cairn providers publish [DIR] --address URL --organization ORG [--namespace NS]
                          (--key-id ID | --public-key FILE) [--protocols 5.0,6.0]
Publishes a goreleaser dist/ directory (DIR, default ./dist) to Cairn's private provider registry.
  --address       Cairn's URL (or CAIRN_ADDRESS), e.g. https://registry.example.com
  --organization  the organization (or CAIRN_ORGANIZATION); --namespace defaults to it
  --key-id        the signing key's id, already uploaded to the namespace
  --public-key    the signing key's ASCII-armored public key, uploaded when the namespace lacks it
  --protocols     plugin protocols; default: the manifest's metadata.protocol_versions, else 5.0
The token comes from CAIRN_TOKEN, else TF_TOKEN_<host> as terraform reads it (dots as _, dashes as __).`

/** The token for `host`: CAIRN_TOKEN, else terraform's TF_TOKEN_<host> (a variable name cannot hold a port). */
export function tokenFor(host: string, env: NodeJS.ProcessEnv): string {
  const cairn = env['CAIRN_TOKEN']
  if (cairn !== undefined && cairn !== '') return cairn
  const name = `TF_TOKEN_${host.replace(/-/g, '__').replace(/\./g, '_')}`
  const terraform = env[name]
  if (terraform !== undefined && terraform !== '') return terraform
  throw new PublishError(`no token: set CAIRN_TOKEN (or ${name}) to a token of a user who may manage the organization's registry`)
}

/** `cairn providers publish …`: the exit code (0 published or already complete, 1 refused, 2 usage). */
export async function providersCommand(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        address: { type: 'string' },
        organization: { type: 'string' },
        namespace: { type: 'string' },
        'key-id': { type: 'string' },
        'public-key': { type: 'string' },
        protocols: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    })
  } catch (error) {
    return usage((error as Error).message)
  }
  const { positionals, values } = parsed
  if (values.help) {
    console.log(PUBLISH_USAGE)
    return 0
  }
  const [command, dir = 'dist', ...extra] = positionals
  if (command !== 'publish' || extra.length > 0) return usage(`unknown command "providers ${positionals.join(' ')}"`)
  const address = values.address ?? env['CAIRN_ADDRESS']
  const organization = values.organization ?? env['CAIRN_ORGANIZATION']
  if (address === undefined || address === '') return usage('--address (or CAIRN_ADDRESS) is required')
  if (organization === undefined || organization === '') return usage('--organization (or CAIRN_ORGANIZATION) is required')
  try {
    const url = parseAddress(address)
    const release = await readDistRelease(dir)
    const api = new TfeApi(url, tokenFor(url.hostname, env))
    const protocols = values.protocols?.split(',').map((p) => p.trim()) ?? release.protocols ?? ['5.0']
    const key = {
      ...(values['key-id'] !== undefined && { keyId: values['key-id'] }),
      ...(values['public-key'] !== undefined && { publicKeyFile: values['public-key'] }),
    }
    await publishRelease(api, release, { organization, namespace: values.namespace ?? organization, key, protocols }, (line) =>
      console.log(line),
    )
    return 0
  } catch (error) {
    if (!(error instanceof PublishError)) throw error
    console.error(`cairn: ${error.message}`)
    return 1
  }
}

function parseAddress(address: string): URL {
  try {
    const url = new URL(address)
    if (url.protocol === 'https:' || url.protocol === 'http:') return url
  } catch {
    // Reported below, with what an address looks like.
  }
  throw new PublishError(`--address must be Cairn's http(s) URL, such as https://registry.example.com (got ${JSON.stringify(address)})`)
}

function usage(message: string): number {
  console.error(`cairn: ${message}\n\n${PUBLISH_USAGE}`)
  return 2
}
