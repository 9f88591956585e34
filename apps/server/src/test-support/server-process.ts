import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'

/** A server started as its own process, with what it has logged so far. */
export interface ServerProcess {
  readonly child: ChildProcess
  readonly url: string
  /** Standard output and error, interleaved as they arrived. */
  log(): string
  /** Sends `signal` and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

/** Spawns `command` and waits until it logs that it is listening. */
export async function spawnServer(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<ServerProcess> {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] })
  const exited = once(child, 'exit').then(([code]) => code as number | null)
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const listening = /listening on (\S+)/.exec(output)
      if (listening?.[1] !== undefined) resolve(listening[1])
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    void exited.then((code) => reject(new Error(`the server exited with ${code} before listening:\n${output}`)))
  })
  return {
    child,
    url,
    log: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal)
      return exited
    },
  }
}
