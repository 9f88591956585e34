import { execFile } from 'node:child_process'
import { copyFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { buildGoModuleOnce, cairnToolsDir } from './go-modules.ts'

const run = promisify(execFile)

/**
 * A real Terraform provider for the provider registry's end-to-end tests: HashiCorp's `time`
 * provider, which builds from the Go module proxy alone (the proxy serves no usable `null`
 * provider) and whose `time_static` resource needs no network to apply.
 */
const MODULE = 'github.com/hashicorp/terraform-provider-time'
/** The newest 0.14.x the Go module proxy serves, without goreleaser's leading `v`. */
export const TIME_PROVIDER_VERSION = '0.14.2'

/** A provider executable built for one platform, and the registry manifest of its sources. */
export interface ProviderBuild {
  readonly executable: string
  /** The module's `terraform-registry-manifest.json`, which goreleaser publishes as `<name>_<version>_manifest.json`. */
  readonly manifest: string
  readonly os: string
  readonly arch: string
}

/**
 * The provider built for this machine's platform (`go env GOOS GOARCH`), once per machine into
 * cairnToolsDir(), as goreleaser's provider template builds it (CGO off, `-trimpath`, stripped).
 * The first build takes one to two minutes on two cores from a cold Go build cache, most of it
 * compiling gRPC and the plugin framework; it runs at a lower priority so as not to starve
 * the tests running beside it.
 */
export async function buildTimeProviderOnce(go: string): Promise<ProviderBuild> {
  const { stdout } = await run(go, ['env', 'GOOS', 'GOARCH'])
  const [os = '', arch = ''] = stdout.trim().split('\n')
  const folder = join(cairnToolsDir(), `terraform-provider-time-v${TIME_PROVIDER_VERSION}-${os}_${arch}`)
  const target = { module: MODULE, version: `v${TIME_PROVIDER_VERSION}`, folder, marker: 'terraform-provider-time' }
  await buildGoModuleOnce(go, target, async (source, into) => {
    process.stderr.write(`building ${MODULE}@v${TIME_PROVIDER_VERSION} for ${os}_${arch} (once per machine, one to two minutes)\n`)
    await run('nice', ['-n', '10', go, 'build', '-trimpath', '-ldflags', '-s -w', '-o', join(into, target.marker), '.'], {
      cwd: source,
      env: { ...process.env, CGO_ENABLED: '0', GOOS: os, GOARCH: arch },
      maxBuffer: 16 << 20,
      timeout: 900_000,
    })
    await copyFile(join(source, 'terraform-registry-manifest.json'), join(into, 'terraform-registry-manifest.json'))
  })
  return { executable: join(folder, target.marker), manifest: join(folder, 'terraform-registry-manifest.json'), os, arch }
}
