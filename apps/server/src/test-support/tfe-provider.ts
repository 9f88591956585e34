import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { buildGoModuleOnce, cairnToolsDir } from './go-modules.ts'

const run = promisify(execFile)

/**
 * HashiCorp's `tfe` provider, which manages organizations, teams, tokens and registry modules of
 * a TFE-compatible API as code. v0.79.0 is the newest release the Go module proxy serves.
 */
const MODULE = 'github.com/hashicorp/terraform-provider-tfe'
export const TFE_PROVIDER_VERSION = 'v0.79.0'
const EXECUTABLE = 'terraform-provider-tfe'

/**
 * The folder holding the provider's executable, for a CLI configuration's `dev_overrides`, built
 * once per machine into cairnToolsDir(). The first build takes a few minutes on two cores from a
 * cold Go build cache; it runs at a lower priority so as not to starve the tests beside it.
 */
export async function buildTfeProviderOnce(go: string): Promise<string> {
  const folder = join(cairnToolsDir(), `terraform-provider-tfe-${TFE_PROVIDER_VERSION}`)
  await buildGoModuleOnce(go, { module: MODULE, version: TFE_PROVIDER_VERSION, folder, marker: EXECUTABLE }, async (source, into) => {
    process.stderr.write(`building ${MODULE}@${TFE_PROVIDER_VERSION} (once per machine, a few minutes)\n`)
    await run('nice', ['-n', '10', go, 'build', '-trimpath', '-ldflags', '-s -w', '-o', join(into, EXECUTABLE), '.'], {
      cwd: source,
      // The module zip's go.sum may lack sums the build wants; -mod=mod lets go fill them in.
      env: { ...process.env, CGO_ENABLED: '0', GOFLAGS: '-mod=mod' },
      maxBuffer: 16 << 20,
      timeout: 1_200_000,
    })
  })
  return folder
}
