import { configurationError } from './configuration-error.ts'
import type { HclParser } from './hcl-parser-pool.ts'
import { lineBeyondDepth } from './nesting-depth.ts'

/**
 * How deeply a file may nest. Real modules stay below 15 levels; the parsers recurse once per
 * level, and hcl2json's Go runtime breaks down after a few thousand.
 */
export const MAX_NESTING_DEPTH = 64

/**
 * Parses one configuration file into the JSON shape of Terraform's JSON syntax: `.tf.json` as
 * JSON, `.tf` with the HCL parser (which yields blocks as arrays of bodies and expressions as
 * `${…}` strings). Raises `invalid` on `configuration` when the file does not parse, naming the
 * file (`path`, relative to the module's root) and where the parser stopped.
 */
export async function parseConfiguration(hcl: HclParser, path: string, text: string): Promise<Readonly<Record<string, unknown>>> {
  // Editors on some systems start UTF-8 files with a byte-order mark; neither parser accepts one.
  const source = text.replace(/^\uFEFF/, '')
  const tooDeep = lineBeyondDepth(source, MAX_NESTING_DEPTH)
  if (tooDeep !== null) {
    throw configurationError(
      path,
      `line ${tooDeep}: nested more than ${MAX_NESTING_DEPTH} levels deep (brackets, braces, parentheses, strings)`,
    )
  }
  const document = path.endsWith('.json') ? parseJson(path, source) : await hcl.parse(path, source)
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw configurationError(path, 'the top level must be an object')
  }
  return document as Record<string, unknown>
}

function parseJson(path: string, source: string): unknown {
  try {
    return JSON.parse(source) as unknown
  } catch (error) {
    throw configurationError(path, (error as Error).message)
  }
}
