import { existsSync, globSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CONTRACT_RUNS } from './contract-runs.ts'

const ROOT = join(import.meta.dirname, '../../../..')
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8')
const files = (pattern: string) => globSync(pattern, { cwd: ROOT })

/** The interfaces `packages/core/src/ports` exports: the ports, and the shapes they take. */
function portNames(): Set<string> {
  const names = files('packages/core/src/ports/*.ts').flatMap((file) =>
    [...read(file).matchAll(/^export interface (\w+)/gm)].map((match) => match[1] ?? ''),
  )
  return new Set(names)
}

interface Implementation {
  readonly name: string
  readonly port: string
  readonly file: string
}

/** Every class of the packages' and the server's sources (not their tests or test support) that implements a port. */
function implementations(): Implementation[] {
  const ports = portNames()
  const sources = files('{packages/*/src,apps/server/src}/**/*.ts').filter((file) => !/\.test\.ts$|\/test-support\//.test(file))
  return sources.flatMap((file) =>
    [...read(file).matchAll(/\bclass\s+(\w+)(?:<[^{]*?>)?(?:\s+extends\s+[\w.<>]+)?\s+implements\s+([^{]+)\{/g)].flatMap((match) =>
      (match[2] ?? '')
        .split(',')
        .map((implemented) => implemented.trim().replace(/<.*$/s, ''))
        .filter((port) => ports.has(port))
        .map((port) => ({ name: match[1] ?? '', port, file })),
    ),
  )
}

/** `UnitOfWork` → `unitOfWorkContract`: the name of a port's own suite. */
const suiteOf = (port: string) => `${port.charAt(0).toLowerCase()}${port.slice(1)}Contract`

const CONTRACTS = 'packages/testing/src/contracts'

describe('every class implementing a port has a contract run', () => {
  const found = implementations()

  it('finds the implementations in the sources', () => {
    expect(found.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['FsBlobStore', 'InMemoryBlobStore', 'IsomorphicGitVcsClient', 'LruExpiringCache']),
    )
  })

  it('names each implementation in CONTRACT_RUNS, under a contract of its port', () => {
    const missing = found
      .filter(
        ({ name, port }) =>
          !CONTRACT_RUNS.some((suite) => suite.ports.includes(port) && suite.runs.some((run) => run.implementations.includes(name))),
      )
      .map(
        ({ name, port, file }) =>
          `${name} (${file}) implements ${port}, and no contract run names it: add the test file that runs ${port}'s contract on it to CONTRACT_RUNS in ${CONTRACTS}/contract-runs.ts`,
      )
    expect(missing).toEqual([])
  })

  it('names no class that is not an implementation of a port', () => {
    const names = new Set(found.map(({ name }) => name))
    const listed = CONTRACT_RUNS.flatMap((suite) => suite.runs.flatMap((run) => run.implementations))
    expect(listed.filter((name) => !names.has(name))).toEqual([])
  })

  it.each(CONTRACT_RUNS.flatMap((suite) => suite.runs.map((run) => [basename(run.file), suite.contract, run] as const)))(
    '%s runs %s on what it names',
    (_file, contract, { file, implementations: named, via }) => {
      expect(existsSync(join(ROOT, file)), file).toBe(true)
      const source = read(file)
      expect(source).toMatch(new RegExp(`\\b${contract}\\(`))
      for (const name of via === undefined ? named : [via]) expect(source, name).toMatch(new RegExp(`\\b${name}\\b`))
    },
  )

  it.each(CONTRACT_RUNS.map((suite) => [suite.contract, suite] as const))(
    '%s is a suite of this folder, of each port it claims',
    (contract, { ports }) => {
      const index = read(`${CONTRACTS}/index.ts`)
      expect(index).toMatch(new RegExp(`\\b${contract}\\b`))
      const suites = files(`${CONTRACTS}/*.contract.ts`).map(read).join('\n')
      for (const port of ports) {
        expect(suites, port).toMatch(new RegExp(`export function ${suiteOf(port)}\\(`))
        if (contract !== suiteOf(port)) expect(index, port).toMatch(new RegExp(`\\b${suiteOf(port)}\\(`))
      }
    },
  )
})
