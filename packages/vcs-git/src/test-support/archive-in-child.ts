/**
 * Asks for one archive in a process of its own and prints, as JSON, how it ended and how much the
 * process's peak resident memory (VmHWM) grew meanwhile: what a test of memory needs, since a test
 * runner's own process holds whatever its earlier tests left. Arguments: the repository's address,
 * the commit, the mirror directory, the basic-auth user and password, and the archive limits as JSON.
 */
import { readFileSync } from 'node:fs'
import type { ExportLimits } from '../export-limits.ts'
import { IsomorphicGitVcsClient } from '../isomorphic-git-vcs-client.ts'

const [url = '', commitSha = '', cacheDirectory = '', username = '', password = '', limits = '{}'] = process.argv.slice(2)
const archiveLimits = JSON.parse(limits) as ExportLimits

function peakBytes(): number {
  const kib = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]
  return Number(kib) * 1024
}

const client = new IsomorphicGitVcsClient({ cacheDirectory, archiveLimits, allowedHosts: ['127.0.0.1'] })
const before = peakBytes()
let outcome: { code?: unknown; message: string }
try {
  let bytes = 0
  for await (const chunk of await client.archive({ url, credential: { username, password } }, { commitSha })) bytes += chunk.byteLength
  outcome = { message: `archived, ${bytes} bytes` }
} catch (error) {
  outcome = error instanceof Error ? { code: (error as { code?: unknown }).code, message: error.message } : { message: String(error) }
}
process.stdout.write(JSON.stringify({ ...outcome, peakGrowthBytes: peakBytes() - before }))
