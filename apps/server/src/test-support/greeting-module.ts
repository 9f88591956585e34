import { collect, gzip, tarStream, type TarEntry } from '@cairn/test-fixtures'

/** A module's files with no provider, so that `init` needs nothing from the internet; `version` marks them. */
export function greetingModuleFiles(version: string): Record<string, string> {
  return {
    'main.tf': `variable "name" {\n  type    = string\n  default = "world"\n}\n\noutput "greeting" {\n  value = "hello, \${var.name} from ${version}"\n}\n`,
    'README.md': `# greeting ${version}\n`,
    'modules/shout/main.tf': `output "shout" {\n  value = "HELLO from ${version}"\n}\n`,
  }
}

/** `greetingModuleFiles(version)`, and `extra`, as an archive to upload. */
export async function greetingModuleArchive(version: string, extra: readonly TarEntry[] = []): Promise<Buffer> {
  const entries: TarEntry[] = [...Object.entries(greetingModuleFiles(version)).map(([path, body]) => ({ path, body })), ...extra]
  return Buffer.from(await collect(gzip(tarStream(entries))))
}
