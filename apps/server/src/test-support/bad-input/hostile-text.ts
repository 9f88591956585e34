import fc from 'fast-check'

// Text no route expects: control characters, lone surrogates, emoji, look-alikes, escapes, injections.

export const char = (code: number) => String.fromCharCode(code)
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map(char)
const controlCharacter = fc.oneof(fc.integer({ min: 0x01, max: 0x1f }), fc.constant(0x7f), fc.integer({ min: 0x80, max: 0x9f })).map(char)
const emoji = fc.constantFrom('😀', '👩‍👩‍👧‍👦', '🇫🇷', '🏳️‍🌈', '❤️', '🧑🏽', '\u{1F600}\u{FE0F}')
const oddity = fc.constantFrom(
  '\u2028',
  '\u2029',
  '\ufeff',
  '\u200b',
  '\u202e',
  '\u0301',
  '\ufffd',
  '\uffff',
  '\u{10ffff}',
  'İ',
  'ß',
  'ﬁ',
  'Ａ',
  'Ω',
  '%',
  '_',
  '\\',
  '"',
  "'",
  '/',
  '..',
  '%00',
  '%2F',
  '${x}',
  '<x>',
  "'; drop table users; --",
  ' ',
  '\t',
  '\n',
  '@',
)
/** One unit of hostile text (never NUL: NUL is a defect of its own, injected on purpose). */
export const hostileUnit = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((s) => s !== '\u0000') },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 3 }) },
  { weight: 2, arbitrary: controlCharacter },
  { weight: 2, arbitrary: loneSurrogate },
  { weight: 1, arbitrary: emoji },
  { weight: 2, arbitrary: oddity },
)
export const repeatTo = (unit: string, length: number) => unit.repeat(Math.ceil(length / Math.max(unit.length, 1))).slice(0, length)

export const hostileString = (constraints: { minLength?: number; maxLength: number }) => fc.string({ unit: hostileUnit, ...constraints })

/** Hostile text up to ~100 KB: cutting the repetition may split a surrogate pair, on purpose. */
export const hugeText = fc
  .tuple(hostileString({ minLength: 1, maxLength: 8 }), fc.integer({ min: 1_000, max: 100_000 }))
  .map(([unit, length]) => repeatTo(unit, length))
export const hostileText = fc.oneof({ weight: 8, arbitrary: hostileString({ maxLength: 40 }) }, { weight: 1, arbitrary: hugeText })
/** Hostile text that no name, version, checksum or provider accepts: it holds a space or a slash. */
export const invalidToken = fc
  .tuple(hostileText, fc.constantFrom(' ', '/', '😀', 'é', '\u0001', '\ud800'), hostileText)
  .map(([a, bad, b]) => `${a}${bad}${b}`)
/** No e-mail address holds white space between two other characters (the parser only trims the ends). */
export const invalidEmail = fc.tuple(hostileText, hostileText).map(([a, b]) => `x${a} x@${b}x`)
/** Not an absolute URL: a relative reference cannot be parsed without a base. */
export const invalidUrl = hostileText.map((text) => `nope ${text}`)
/** A word of odd characters with no white space, `@` or NUL: half of a well-formed e-mail address. */
export const oddWord = hostileString({ minLength: 1, maxLength: 30 })
  .map((text) => text.replace(/[\s@]/g, ''))
  .filter((text) => text !== '')
/** An e-mail address that passes the (deliberately loose) check, made of odd characters, of no user. */
export const oddEmail = fc
  .tuple(oddWord, oddWord)
  .map(([local, domain]) => `${local}@${domain}`)
  .filter((email) => email.length <= 254 && !['owner@example.com', 'root@example.com'].includes(email.trim().toLowerCase()))
/** A name that is valid and free. */
export const freshName = fc.nat().map((n) => `fresh-${n}`)
/** Text with a NUL character somewhere. */
export const withNul = fc.tuple(hostileText, hostileText).map(([a, b]) => `${a}\u0000${b}`)
