import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ProviderBuild } from './time-provider.ts'

/** A provider "build" that is a shell script and a manifest: enough to release, mirror and hash, never to run. */
export async function fakeProviderBuild(os = 'linux', arch = 'amd64'): Promise<ProviderBuild> {
  const dir = await mkdtemp(join(tmpdir(), 'cairn-fake-provider-'))
  const executable = join(dir, 'terraform-provider-demo')
  await writeFile(executable, `#!/bin/sh\necho "not a real provider (${os}_${arch})"\n`, { mode: 0o755 })
  const manifest = join(dir, 'terraform-registry-manifest.json')
  await writeFile(manifest, JSON.stringify({ version: 1, metadata: { protocol_versions: ['6.0'] } }))
  return { executable, manifest, os, arch }
}
