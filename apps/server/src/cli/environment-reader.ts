import { allowedHostProblem, splitAllowedHosts } from '@cairn/vcs-git'
import { resolve } from 'node:path'
import { addressList } from '../platform/address-list.ts'

/** The process environment, or a test's stand-in for it. */
export type Env = Readonly<Record<string, string | undefined>>

/**
 * Reads variables, noting each bad one instead of stopping at the first, so that one start names
 * every problem. Each reader returns its fallback (or a placeholder) for a bad value: the caller
 * throws once it has read everything.
 */
export class EnvironmentReader {
  readonly #env: Env
  readonly #problems: string[] = []

  constructor(env: Env) {
    this.#env = env
  }

  /** What was wrong, in the order it was read. */
  get problems(): readonly string[] {
    return this.#problems
  }

  problem(message: string): void {
    this.#problems.push(message)
  }

  /**
   * A path against the directory the user started from: pnpm runs scripts in the package's
   * directory and says where it was invoked in INIT_CWD (scripts/start.sh sets it too).
   */
  resolve(path: string): string {
    return resolve(this.text('INIT_CWD') ?? process.cwd(), path)
  }

  /** The variable `name` as a path from the start directory, or undefined when unset. */
  path(name: string): string | undefined {
    const value = this.text(name)
    return value === undefined ? undefined : this.resolve(value)
  }

  text(name: string): string | undefined {
    const value = this.#env[name]?.trim()
    return value === undefined || value === '' ? undefined : value
  }

  integer(name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
    const value = this.text(name)
    if (value === undefined) return fallback
    const number = /^\d+$/.test(value) ? Number(value) : Number.NaN
    if (!(number >= min && number <= max)) {
      this.#problems.push(`${name} must be a whole number from ${min} to ${max} (got "${value}")`)
    }
    return number
  }

  /** One of `choices`; `fallback` when unset. */
  choice<T extends string>(name: string, choices: readonly T[], fallback: T): T {
    const value = this.text(name)
    if (value === undefined) return fallback
    if (!(choices as readonly string[]).includes(value)) {
      this.#problems.push(`${name} must be one of ${choices.join(', ')} (got "${value}")`)
      return fallback
    }
    return value as T
  }

  /** `true` or `false`; false when unset. */
  boolean(name: string): boolean {
    const value = this.text(name)
    if (value === undefined) return false
    if (value !== 'true' && value !== 'false') this.#problems.push(`${name} must be true or false (got "${value}")`)
    return value === 'true'
  }

  /** A comma-separated list of addresses and CIDR ranges; empty when unset. */
  addresses(name: string): readonly string[] {
    const entries = (this.text(name) ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '')
    try {
      addressList(entries)
    } catch (error) {
      this.#problems.push(`${name} must be a comma-separated list of addresses and CIDR ranges: ${(error as Error).message}`)
    }
    return entries
  }

  /** Comma-separated host names, `host:port` pairs and CIDR ranges; none when unset. */
  allowedHosts(name: string): readonly string[] {
    const entries = splitAllowedHosts(this.text(name) ?? '')
    for (const entry of entries) {
      const problem = allowedHostProblem(entry)
      if (problem !== undefined) this.#problems.push(`${name}: "${entry}" ${problem}`)
    }
    return entries
  }

  url(name: string): URL | undefined {
    const value = this.text(name)
    if (value === undefined) return undefined
    if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
      this.#problems.push(`${name} must be an absolute http or https URL (got "${value}")`)
      return undefined
    }
    return new URL(value)
  }
}
