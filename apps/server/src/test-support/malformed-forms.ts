import { MAX_FORM_BYTES } from '@cairn/web'
import fc from 'fast-check'

/**
 * Malformed form posts to the web UI's forms, and a model of what the server must answer each:
 * the rules in the order it applies them (body limit, Origin, CSRF token, reading the form, the
 * route), written from what they promise rather than from the code. The model parses forms with
 * the platform's own parser (undici's, as the server does), so that it agrees on what parses.
 */

const MODULE = '/app/acme/network/aws'
export const URLENCODED = 'application/x-www-form-urlencoded'

export interface FormRoute {
  readonly path: string
  /**
   * What a readable, fit form with the right CSRF token gets (every generated value is refused):
   * refused sign-ins may also be throttled (429) once one address has failed often.
   */
  readonly answers: readonly number[]
  /** Whether the route reads the form (sign-out does not). */
  readonly readsForm: boolean
  readonly session: 'none' | 'shared' | 'fresh'
  readonly fields: readonly string[]
}

export const ROUTES: readonly FormRoute[] = [
  { path: '/app/sign-in', answers: [401, 429], readsForm: true, session: 'none', fields: ['token', 'next'] },
  { path: '/app/sign-in/password', answers: [401, 429], readsForm: true, session: 'none', fields: ['username', 'password', 'next'] },
  // A sign-out ends the session it is sent with: each gets one of its own.
  { path: '/app/sign-out', answers: [303], readsForm: false, session: 'fresh', fields: [] },
  { path: `${MODULE}/versions`, answers: [422], readsForm: true, session: 'shared', fields: ['version'] },
  // A version that does not exist: deleting it changes nothing.
  { path: `${MODULE}/versions/9.9.9/delete`, answers: [404], readsForm: false, session: 'shared', fields: [] },
  // Likewise for a provider's version (of a provider that does not exist either).
  { path: '/app/acme/providers/acme/none/versions/9.9.9/delete', answers: [404], readsForm: false, session: 'shared', fields: [] },
]

export type Csrf = 'field' | 'header' | 'none' | 'wrong-field' | 'wrong-header'

export interface FormCase {
  readonly route: FormRoute
  readonly label: string
  readonly body: Uint8Array
  readonly contentType: string | undefined
  readonly csrf: Csrf
  readonly origin: 'same' | 'other' | 'none'
  readonly json: boolean
}

// ---------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------

const hostileUnit = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((s) => s !== '\u0000') },
  { weight: 2, arbitrary: fc.constantFrom('&', '=', '%', '+', '%G0', '%2', '%00', ';', '"', '\r\n', '--', '😀', '\ufeff', ' ') },
)
const hostileText = fc.string({ unit: hostileUnit, maxLength: 30 })
/** Never a token, username, password or version that works: a space or a slash inside. */
const refusedValue = fc.tuple(hostileText, fc.constantFrom(' ', '/', ' 1.0.0'), hostileText).map(([a, bad, b]) => `x${a}${bad}${b}`)
const withNul = fc.tuple(hostileText, hostileText).map(([a, b]) => `${a}\u0000${b}`)
/** Within the form limit, just over it, or over the API's 1 MiB limit. */
const oversized = fc
  .constantFrom(MAX_FORM_BYTES - 1_000, MAX_FORM_BYTES + 1, MAX_FORM_BYTES * 2, 1024 * 1024 + 1)
  .map((length) => 'a'.repeat(length))
const fieldValue = fc.oneof({ weight: 8, arbitrary: refusedValue }, { weight: 2, arbitrary: withNul }, { weight: 1, arbitrary: oversized })

function fieldsOf(route: FormRoute): fc.Arbitrary<[string, string][]> {
  const name = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...route.fields, 'next', 'x', '_csrf[]', 'token[]') },
    { weight: 1, arbitrary: fc.oneof(hostileText, withNul) },
  )
  // Missing fields (an empty list), repeated ones (the same name twice).
  return fc.array(fc.tuple(name, fieldValue), { maxLength: 4 })
}

/** Where the CSRF token goes: the right one in the form (maybe after a wrong one), in the header, or nowhere. */
function withCsrf(fields: [string, string][], csrf: Csrf, token: string): [string, string][] {
  if (csrf === 'field') return [['_csrf', 'stale'], ...fields, ['_csrf', token]]
  if (csrf === 'wrong-field') return [['_csrf', token], ...fields, ['_csrf', 'stale']]
  return fields
}

const encode = (text: string) => encodeURIComponent(text).replace(/%20/g, '+')
const bytesOf = (text: string) => new TextEncoder().encode(text)

function urlencoded(fields: [string, string][], raw: boolean): Uint8Array {
  return bytesOf(fields.map(([name, value]) => (raw ? `${name}=${value}` : `${encode(name)}=${encode(value)}`)).join('&'))
}

function multipart(fields: [string, string][], boundary: string, damage: 'none' | 'unterminated' | { cutAt: number }): Uint8Array {
  const parts = fields.map(([name, value], i) => {
    const file = i % 3 === 2 ? `; filename="${name}.txt"` : ''
    return `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"${file}\r\n\r\n${value}\r\n`
  })
  const text = parts.join('') + (damage === 'unterminated' ? '' : `--${boundary}--\r\n`)
  const bytes = bytesOf(text)
  return typeof damage === 'object' ? bytes.subarray(0, damage.cutAt % Math.max(bytes.length, 1)) : bytes
}

const contentTypes = fc.constantFrom(
  'text/plain',
  'text/plain; charset=utf-8',
  'application/json',
  'application/octet-stream',
  'multipart/mixed; boundary=b',
  'multipart/form-data-x',
  'Application/X-WWW-Form-Urlencoded',
  `${URLENCODED}; charset=utf-16`,
  undefined,
)

export function formCases(csrfToken: string): fc.Arbitrary<FormCase> {
  return fc
    .record({
      route: fc.constantFrom(...ROUTES),
      csrf: fc.oneof(
        { weight: 5, arbitrary: fc.constant<Csrf>('field') },
        { weight: 3, arbitrary: fc.constant<Csrf>('header') },
        { weight: 1, arbitrary: fc.constantFrom<Csrf>('none', 'wrong-field', 'wrong-header') },
      ),
      origin: fc.oneof(
        { weight: 9, arbitrary: fc.constant<FormCase['origin']>('same') },
        { weight: 1, arbitrary: fc.constantFrom<FormCase['origin']>('other', 'none') },
      ),
      json: fc.boolean(),
      encoding: fc.integer({ min: 0, max: 99 }),
      // Mostly long, as browsers make them; short ones often occur in the content, which Node's parser then refuses.
      boundary: fc.oneof(
        {
          weight: 3,
          arbitrary: fc.string({ unit: fc.constantFrom(...'abcXYZ019'), minLength: 16, maxLength: 30 }).map((text) => `----${text}`),
        },
        { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...'abcXYZ019-_'), minLength: 1, maxLength: 20 }) },
      ),
      cutAt: fc.nat(),
      noise: fc.uint8Array({ minLength: 1, maxLength: 300 }),
      otherType: contentTypes,
    })
    .chain((drawn) => fieldsOf(drawn.route).map((fields) => ({ ...drawn, fields: withCsrf(fields, drawn.csrf, csrfToken) })))
    .map(({ route, csrf, origin, json, encoding, boundary, cutAt, noise, otherType, fields }): FormCase => {
      const base = { route, csrf, origin, json }
      const mp = `multipart/form-data; boundary=${boundary}`
      if (encoding < 30) return { ...base, label: 'urlencoded', body: urlencoded(fields, false), contentType: URLENCODED }
      if (encoding < 40) return { ...base, label: 'urlencoded, raw', body: urlencoded(fields, true), contentType: URLENCODED }
      if (encoding < 45) return { ...base, label: 'urlencoded, bytes', body: noise, contentType: URLENCODED }
      if (encoding < 60) return { ...base, label: 'multipart', body: multipart(fields, boundary, 'none'), contentType: mp }
      if (encoding < 68) return { ...base, label: 'multipart, cut', body: multipart(fields, boundary, { cutAt }), contentType: mp }
      if (encoding < 73)
        return { ...base, label: 'multipart, unterminated', body: multipart(fields, boundary, 'unterminated'), contentType: mp }
      if (encoding < 78)
        return { ...base, label: 'multipart, no boundary', body: multipart(fields, boundary, 'none'), contentType: 'multipart/form-data' }
      if (encoding < 83)
        return { ...base, label: 'multipart, bytes', body: noise, contentType: encoding % 2 === 0 ? mp : 'multipart/form-data' }
      if (encoding < 86) return { ...base, label: 'empty', body: new Uint8Array(0), contentType: encoding % 2 === 0 ? mp : otherType }
      return { ...base, label: `as ${otherType ?? 'no type'}`, body: urlencoded(fields, false), contentType: otherType }
    })
    .map((value) => Object.assign(value, { [fc.toStringMethod]: () => describeCase(value) }))
}

// ---------------------------------------------------------------------------------------------
// The model: what the server must answer
// ---------------------------------------------------------------------------------------------

/** Content types whose requests a browser may send cross-site: hono/csrf checks their Origin. */
const SIMPLE_REQUEST_TYPE = /^\b(application\/x-www-form-urlencoded|multipart\/form-data|text\/(?:plain|ping))\b/i
// eslint-disable-next-line no-control-regex -- NUL is what is refused
const UNFIT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** The form as the pages read it, or the status they refuse it with: 400 unreadable, 422 unfit text. */
async function formOf(c: FormCase): Promise<FormData | number> {
  if (c.body.length === 0) return new FormData()
  const mediaType = c.contentType?.split(';')[0]?.trim().toLowerCase()
  if (mediaType !== URLENCODED && mediaType !== 'multipart/form-data') return 400
  let form: FormData
  try {
    // Media types are case-insensitive; parameters (the boundary) are not.
    form = await new Response(c.body.slice(), {
      headers: { 'Content-Type': (c.contentType ?? '').replace(/^[^;]+/, (type) => type.toLowerCase()) },
    }).formData()
  } catch {
    return 400
  }
  let unfit = false
  form.forEach((value, name) => {
    if (UNFIT.test(name) || (typeof value === 'string' && UNFIT.test(value))) unfit = true
  })
  return unfit ? 422 : form
}

/** The statuses the server may answer `c` with, in the order it checks: size, origin, CSRF token, form, route. */
export async function expectedStatuses(c: FormCase, csrfToken: string): Promise<readonly number[]> {
  if (c.body.length > MAX_FORM_BYTES) return [413]
  if (SIMPLE_REQUEST_TYPE.test(c.contentType ?? 'text/plain') && c.origin !== 'same') return [403]
  if (c.csrf === 'wrong-header') return [403]
  const form = await formOf(c)
  if (c.csrf !== 'header') {
    if (typeof form === 'number') return [form]
    // The last of repeated fields counts.
    if (form.getAll('_csrf').at(-1) !== csrfToken) return [403]
  }
  if (!c.route.readsForm) return c.route.answers
  return typeof form === 'number' ? [form] : c.route.answers
}

export function describeCase(c: FormCase): string {
  const text = Buffer.from(c.body).toString('latin1')
  const shown = JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}…` : text)
  return `POST ${c.route.path} [${c.label}] csrf ${c.csrf}, origin ${c.origin}, ${c.contentType ?? 'no Content-Type'}, ${c.body.length} bytes ${shown}`
}
