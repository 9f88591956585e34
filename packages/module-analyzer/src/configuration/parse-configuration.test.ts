import { afterAll, describe, expect, it } from 'vitest'
import { HclParserPool } from './hcl-parser-pool.ts'
import { parseConfiguration as parseWith } from './parse-configuration.ts'

const pool = new HclParserPool(10_000)
afterAll(() => pool.close())
const parseConfiguration = (path: string, text: string) => parseWith(pool, path, text)

const configurationError = (pattern: RegExp): unknown =>
  expect.objectContaining({ code: 'invalid', fields: [{ field: 'configuration', message: expect.stringMatching(pattern) }] })

describe('parseConfiguration', () => {
  it('parses HCL into the JSON syntax`s shape', async () => {
    expect(await parseConfiguration('main.tf', 'variable "a" {\n  type = list(string)\n}\n')).toEqual({
      variable: { a: [{ type: '${list(string)}' }] },
    })
  })

  it('accepts a byte-order mark in either syntax', async () => {
    expect(await parseConfiguration('a.tf.json', '\uFEFF{"output": {}}')).toEqual({ output: {} })
    expect(await parseConfiguration('a.tf', '\uFEFFlocals {}\n')).toEqual({ locals: [{}] })
  })

  it('refuses JSON whose top level is not an object, naming the file', async () => {
    await expect(parseConfiguration('modules/x/a.tf.json', '[1]')).rejects.toThrow(
      configurationError(/^modules\/x\/a\.tf\.json: the top level must be an object$/),
    )
  })

  it('names the file and the position where HCL stops parsing', async () => {
    await expect(parseConfiguration('modules/x/main.tf', 'locals {\n  a = \n}\n')).rejects.toThrow(
      configurationError(/^modules\/x\/main\.tf: line 2, column 7: Invalid expression; Expected the start of an expression/),
    )
  })
})
