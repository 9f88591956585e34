import { CairnError, isFitText, UNFIT_TEXT } from '@cairn/core'
import type { Context } from 'hono'

/** A form's fields by name: text, uploaded files (which no form of this UI reads), or lists for `name[]` fields. */
export type Form = Readonly<Record<string, unknown>>

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])
const UNREADABLE = 'the form could not be read: send it as application/x-www-form-urlencoded or multipart/form-data'

/**
 * The one way the pages read a submitted form. No body is an empty form; a body of another type,
 * or one that does not parse (a broken multipart body), is `bad_request`; a field holding a NUL
 * character or an unpaired surrogate is `invalid`, as in a JSON body, before any use case or the
 * store sees it. The parse is kept on the request, so the CSRF check and the route share it.
 */
export async function readForm(c: Context): Promise<Form> {
  if ((await c.req.arrayBuffer()).byteLength === 0) return {}
  const type = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase() ?? ''
  if (!FORM_TYPES.has(type)) throw new CairnError('bad_request', UNREADABLE)
  let all: Record<string, unknown>
  try {
    all = await c.req.parseBody({ all: true })
  } catch {
    throw new CairnError('bad_request', UNREADABLE)
  }
  // Every value is checked, also those a repeated field replaces.
  for (const [name, value] of Object.entries(all)) {
    const texts = (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string')
    if (!isFitText(name) || texts.some((text) => !isFitText(text))) {
      throw CairnError.invalidField(isFitText(name) ? name : 'form', UNFIT_TEXT)
    }
  }
  // The last of repeated fields counts, except for `name[]` fields, which are lists.
  return Object.fromEntries(
    Object.entries(all).map(([name, value]) => [name, Array.isArray(value) && !name.endsWith('[]') ? value.at(-1) : value]),
  )
}
