import fc from 'fast-check'
import { hostileText, hostileUnit, hugeText } from './hostile-text.ts'
import { JSON_API } from './sent.ts'

/** JSON values that are not strings (NaN and infinities would serialise as `null`, i.e. omitted). */
export const notAString = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
)
export const notABoolean = fc.oneof(
  fc.integer(),
  fc.constantFrom('true', 'false', 0, 1, 'yes', ''),
  hostileText,
  fc.array(fc.boolean(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.boolean(), { maxKeys: 2 }),
)
/** Any JSON value but an object (and not null, which counts as absent). */
export const notAnObject = fc.oneof(fc.integer(), fc.boolean(), hostileText, fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }))

/** `[[[…]]]` or `[{"a":{"a":…}}]`: never a string, a boolean nor an object of the expected shape. */
export function deepText(depth: number, objects: boolean): string {
  return objects ? `[${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}]` : `${'['.repeat(depth)}${']'.repeat(depth)}`
}
// Deep enough to pass the server's nesting limit many times over; deeper only costs generation time.
const MAX_PROPERTY_DEPTH = 5_000
export const deepValue = fc
  .tuple(fc.integer({ min: 2, max: MAX_PROPERTY_DEPTH }), fc.boolean())
  .map(([depth, objects]) => deepText(depth, objects))

/** A JSON text that JSON.parse refuses (and that is not empty, which reads as `{}`). */
export const nonJsonText = fc
  .oneof(
    fc.string({ unit: hostileUnit, minLength: 1, maxLength: 200 }),
    fc.constantFrom(
      '{',
      '{"data":',
      '{"data":{"type":"x",}}',
      "{'data':1}",
      'undefined',
      'NaN',
      '[1,]',
      '\u0000',
      '{"a":1}}',
      'data=1&x=2',
    ),
    hugeText,
  )
  .filter((text) => !parsesAsJson(text))
/** Raw bytes, often not UTF-8, that do not decode to JSON. */
export const nonJsonBytes = fc
  .uint8Array({ minLength: 1, maxLength: 2_000 })
  .filter((bytes) => !parsesAsJson(new TextDecoder().decode(bytes)))

function parsesAsJson(text: string): boolean {
  if (text === '') return true
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

export const contentTypes = fc.constantFrom(
  JSON_API,
  JSON_API,
  JSON_API,
  'application/json',
  'text/plain; charset=latin1',
  undefined,
  'multipart/form-data; boundary=x',
)
