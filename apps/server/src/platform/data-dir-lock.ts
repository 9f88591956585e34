import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Another live process holds the embedded database's directory; the message names it and what it is doing. */
export class DataDirBusyError extends Error {
  /** Always `DataDirBusyError`. */
  override readonly name = 'DataDirBusyError'
}

interface Holder {
  readonly pid: number
  readonly purpose: string
  readonly since: string
}

/**
 * The embedded database may be opened by one process at a time. This lock file names the holder
 * so that a second process (a CLI command while the server runs) is refused with a message
 * saying who holds it, instead of corrupting the database as a second writer.
 */
export class DataDirLock {
  readonly #path: string

  private constructor(path: string) {
    this.#path = path
  }

  static acquire(dataDir: string, purpose: string): DataDirLock {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    const path = join(dataDir, 'cairn.lock')
    const holder: Holder = { pid: process.pid, purpose, since: new Date().toISOString() }
    // The holder is written in full first, then linked into place, which fails if a lock exists:
    // the lock never exists half-written, so a reader never mistakes a new lock for a stale one.
    const draft = `${path}.${process.pid}`
    writeFileSync(draft, JSON.stringify(holder), { mode: 0o600 })
    try {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        try {
          linkSync(draft, path)
          return new DataDirLock(path)
        } catch (error) {
          if (!isAlreadyExists(error)) throw error
          const current = readHolder(path)
          if (current !== undefined && isRunning(current.pid)) throw busy(dataDir, current)
          rmSync(path, { force: true }) // left behind by a process that died
        }
      }
    } finally {
      rmSync(draft, { force: true })
    }
    throw new DataDirBusyError(`could not lock ${dataDir}: another process keeps taking the lock`)
  }

  release(): void {
    if (readHolder(this.#path)?.pid === process.pid) rmSync(this.#path, { force: true })
  }
}

function busy(dataDir: string, holder: Holder): DataDirBusyError {
  return new DataDirBusyError(
    `the data directory ${dataDir} is in use by process ${holder.pid} (${holder.purpose}, since ${holder.since}).\n` +
      'The embedded database allows one process at a time: stop that process first, then run this again.',
  )
}

function readHolder(path: string): Holder | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Holder
  } catch {
    return undefined
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function isAlreadyExists(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'EEXIST'
}
