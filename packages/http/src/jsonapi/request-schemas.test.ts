import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { attributes, emptyWhenAbsent, identifier, nullable, optional, resourceDocument } from './request-schemas.ts'
import { fieldErrorsOf } from './schema-issues.ts'

const DOCUMENT = resourceDocument(
  'things',
  attributes({
    name: ['name', z.string()],
    size: ['size', optional(z.int())],
    note: ['note', nullable(z.string())],
    settings: ['settings', emptyWhenAbsent(attributes({ loud: ['is-loud', optional(z.boolean())] }))],
  }),
  {
    relationships: z.object({
      owner: z.object({ data: identifier('users') }),
      members: optional(z.object({ data: z.array(identifier('users')) })),
    }),
  },
)
const OWNER = { owner: { data: { type: 'users', id: 'u1' } } }

/** The pointers and messages a body is refused with, or the attributes it reads as. */
function read(body: unknown) {
  const result = DOCUMENT.safeParse(body, { reportInput: true })
  return result.success
    ? result.data.data.attributes
    : fieldErrorsOf(result.error.issues).map(({ field, message }) => `${field} ${message}`)
}

describe('request schemas', () => {
  it('read attributes under their domain names; null is "left out", except where null is a value', () => {
    expect(
      read({
        data: {
          type: 'things',
          attributes: { name: 'a', size: null, note: null, settings: { 'is-loud': true }, extra: 1 },
          relationships: OWNER,
        },
      }),
    ).toEqual({
      name: 'a',
      note: null,
      settings: { loud: true },
    })
    expect(read({ data: { type: 'things', attributes: { name: 'a', settings: null }, relationships: OWNER } })).toEqual({
      name: 'a',
      settings: {},
    })
  })

  it('name every problem with a JSON pointer', () => {
    expect(
      read({ data: { type: 'other', attributes: { size: 1.5, note: 3, settings: { 'is-loud': 'yes' } }, relationships: OWNER } }),
    ).toEqual([
      '/data/type must be "things"',
      '/data/attributes/name is required',
      '/data/attributes/size must be a whole number',
      '/data/attributes/note must be a string',
      '/data/attributes/settings/is-loud must be a boolean',
    ])
    expect(read([])).toEqual([' must be an object'])
    expect(read({ data: { type: 'things', attributes: 'x', relationships: OWNER } })).toEqual(['/data/attributes must be an object'])
  })

  it('report a to-one relationship at its name, and a to-many element at its index', () => {
    const attributes = { name: 'a' }
    expect(read({ data: { type: 'things', attributes } })).toEqual(['/data/relationships/owner is required'])
    expect(read({ data: { type: 'things', attributes, relationships: { owner: { data: { type: 'teams', id: 't' } } } } })).toEqual([
      '/data/relationships/owner type must be "users"',
    ])
    const members = { data: [{ type: 'users', id: 'u2' }, { type: 'users' }] }
    expect(read({ data: { type: 'things', attributes, relationships: { ...OWNER, members } } })).toEqual([
      '/data/relationships/members/data/1 id is required',
    ])
    expect(read({ data: { type: 'things', attributes, relationships: { ...OWNER, members: { data: 'x' } } } })).toEqual([
      '/data/relationships/members/data must be an array',
    ])
  })

  it('take a blank type where the document allows it', () => {
    const blank = resourceDocument('settings', attributes({}), { typeMayBeBlank: true })
    expect(blank.safeParse({ data: { attributes: {} } }).success).toBe(true)
    expect(blank.safeParse({ data: { type: '' } }).success).toBe(true)
    expect(blank.safeParse({ data: { type: 'other' } }).success).toBe(false)
  })

  it('describe the body as the client sends it: optional attributes nullable, required ones required', () => {
    const schema = z.toJSONSchema(DOCUMENT, { io: 'input' }) as unknown as {
      properties: { data: { properties: { attributes: { required: string[]; properties: Record<string, unknown> } } } }
    }
    const described = schema.properties.data.properties.attributes
    expect(described.required).toEqual(['name'])
    expect(described.properties['size']).toMatchObject({ anyOf: [{ type: 'integer' }, { type: 'null' }] })
  })
})
