import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
const MAIN = join(import.meta.dirname, '..', 'cli', 'main.ts')

/** Runs the real CLI, as `pnpm cairn` does, in a child process with `env` added. */
export async function cairn(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [MAIN, ...args], { env: { ...process.env, ...env } })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

/** Creates a user with the CLI and returns its token. */
export async function userToken(env: Record<string, string>, username: string, siteAdmin = false): Promise<string> {
  const args = ['user', 'create', '--username', username, '--email', `${username}@example.com`]
  const result = await cairn(env, ...args, ...(siteAdmin ? ['--site-admin'] : []))
  if (result.code !== 0) throw new Error(`cairn user create failed: ${result.stderr}`)
  return (JSON.parse(result.stdout) as { token: string }).token
}
