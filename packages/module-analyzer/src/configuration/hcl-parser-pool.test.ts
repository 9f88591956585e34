import { describe, expect, it } from 'vitest'
import { HclParserPool, hclMessage } from './hcl-parser-pool.ts'

const configurationError = (pattern: RegExp): unknown =>
  expect.objectContaining({ code: 'invalid', fields: [{ field: 'configuration', message: expect.stringMatching(pattern) }] })

const VALID = 'variable "a" {}\n'
const nested = (depth: number): string => `locals {\n  x = ${'['.repeat(depth)}${']'.repeat(depth)}\n}\n`

async function withPool(timeoutMs: number, use: (pool: HclParserPool) => Promise<void>): Promise<void> {
  const pool = new HclParserPool(timeoutMs)
  try {
    await use(pool)
  } finally {
    await pool.close()
  }
}

describe('HclParserPool', () => {
  it('replaces a parser whose Go runtime a nesting bomb broke, so every later file still parses', async () => {
    await withPool(10_000, async (pool) => {
      // Unguarded by the depth check, this breaks the WebAssembly runtime within a few files.
      for (let i = 0; i < 4; i++) {
        await expect(pool.parse('main.tf', nested(20_000))).rejects.toThrow(configurationError(/^main\.tf: /))
        expect(await pool.parse('ok.tf', VALID)).toEqual({ variable: { a: [{}] } })
      }
    })
  }, 60_000)

  it('terminates a parse that takes too long and parses the next file on a fresh thread', async () => {
    // 1.5 MiB takes about 3 s to parse; the limit leaves a thread ample time to start on a busy machine.
    const large = Array.from({ length: 32_000 }, (_, i) => `variable "v${i}" {\n  default = [${i}, "${i}"]\n}\n`).join('')
    await withPool(2000, async (pool) => {
      expect(await pool.parse('ok.tf', VALID)).toBeDefined()
      await expect(pool.parse('large.tf', large)).rejects.toThrow(configurationError(/^large\.tf: took longer than 2 s to parse$/))
      expect(await pool.parse('ok.tf', VALID)).toEqual({ variable: { a: [{}] } })
    })
  }, 60_000)
})

describe('hclMessage', () => {
  it('passes a message of an unexpected shape on unchanged', () => {
    expect(hclMessage('main.tf', 'wasm crashed')).toBe('wasm crashed')
    expect(hclMessage('main.tf', 'parse config: [other.tf:1,1-2: X]')).toBe('other.tf:1,1-2: X')
  })
})

describe('HclParserPool after close', () => {
  it('refuses to parse as unavailable, not as a fault of the file', async () => {
    const pool = new HclParserPool(10_000)
    await pool.close()
    await expect(pool.parse('ok.tf', VALID)).rejects.toMatchObject({ code: 'unavailable' })
  })
})
