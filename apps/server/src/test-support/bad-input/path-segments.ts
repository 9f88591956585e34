import fc from 'fast-check'
import { hostileUnit, repeatTo } from './hostile-text.ts'

const UNRESERVED = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~']
const hex = (byte: number) => byte.toString(16).padStart(2, '0')
const isUnreserved = (byte: number) => UNRESERVED.includes(String.fromCharCode(byte))
/** UTF-8 (lone surrogates become U+FFFD), percent-encoded except for unreserved characters. */
const percentEncode = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((b) => (isUnreserved(b) ? String.fromCharCode(b) : `%${hex(b).toUpperCase()}`)).join('')

/** Pieces of a path segment or query value, as sent (printable ASCII only). */
const segmentPiece = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: fc.constantFrom(...UNRESERVED), minLength: 1, maxLength: 12 }) },
  { weight: 3, arbitrary: fc.string({ unit: hostileUnit, minLength: 1, maxLength: 12 }).map(percentEncode) },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.integer({ min: 0, max: 255 }), fc.boolean()).map(([b, upper]) => `%${upper ? hex(b).toUpperCase() : hex(b)}`),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '%00',
      '%0A',
      '%0d',
      '%2F',
      '%2f',
      '%25',
      '%',
      '%%',
      '%G0',
      '%2',
      '%7F',
      '%7f',
      '%C0%AF',
      '%E2%80%AE',
      '%EF%BF%BF',
      '%F0%9F%98%80',
      '%ED%A0%80',
      '%FF',
      '%2E',
      '%2E%2E',
      ';',
      ':',
      '@',
      '!',
      '$',
      "'",
      '(',
      ')',
      '*',
      '+',
      ',',
      '%3F',
      '%23',
      '%5C',
      '[',
      ']',
      '|',
      '^',
      '`',
      '{',
      '}',
      '"',
      '<',
      '>',
      '~',
      '%20',
      '%C3%A9',
      'e%CC%81',
    ),
  },
)
const anyShortSegment = fc.array(segmentPiece, { minLength: 1, maxLength: 6 }).map((pieces) => pieces.join(''))
/** Up to ~12 KB (names of 11,000 characters once made headers too large to read); the cut may leave half a percent escape, on purpose. */
const anyLongSegment = fc.tuple(anyShortSegment, fc.integer({ min: 256, max: 12_000 })).map(([piece, length]) => repeatTo(piece, length))
// The server turns away any percent-encoded C0 control character at the door (400): mostly
// without them, so that most generated requests reach the routes, their use cases and the store.
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i
const mostlyWithoutControls = (arbitrary: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 5, arbitrary: arbitrary.filter((text) => !ENCODED_CONTROL.test(text)) }, { weight: 1, arbitrary })
export const shortSegment = mostlyWithoutControls(anyShortSegment)
export const longSegment = mostlyWithoutControls(anyLongSegment)
export const segment = fc.oneof({ weight: 12, arbitrary: shortSegment }, { weight: 1, arbitrary: longSegment })

/** How Hono decodes a path parameter: each run of valid escapes, leaving invalid ones as they are. */
export function decodeLikeHono(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run)
    } catch {
      return run
    }
  })
}
export const isDotSegment = (text: string) => ['.', '..'].includes(decodeLikeHono(text))
