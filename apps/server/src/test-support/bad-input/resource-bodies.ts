import fc from 'fast-check'
import { plausible, wrongType, invalidValue, type Attribute } from './attribute-values.ts'
import type { BodyRoute } from './body-route.ts'
import { hostileString, hostileText, repeatTo, withNul } from './hostile-text.ts'
import { deepValue, nonJsonBytes, nonJsonText, notAnObject, notAString } from './json-values.ts'
import type { World } from './sent.ts'

/** A malformed body and the defect it carries, named in a failure's report. */
export interface Defective {
  readonly defect: string
  readonly body: string | Uint8Array
}

const OTHER_TYPES = [
  'organizations',
  'teams',
  'users',
  'workspaces',
  'runs',
  'tool-versions',
  'terraform-versions',
  'registry-modules',
  'registry-module-versions',
]

/** Attributes that may or may not be present, each plausible: a document built on them is only malformed by its one defect. */
function plausibleAttributes(attributes: Readonly<Record<string, Attribute>>): fc.Arbitrary<Record<string, unknown>> {
  const model = Object.fromEntries(Object.entries(attributes).map(([name, { kind }]) => [name, plausible(kind)]))
  return fc.record(model, { requiredKeys: [] })
}

/** Unknown members beside the known ones, which every route must ignore. */
export const extras = fc.dictionary(hostileText, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 2 })

function documentOf(route: BodyRoute, world: World, attributes: Record<string, unknown>, relationships?: unknown): string {
  const workspace = { workspace: { data: { type: 'workspaces', id: world.workspaceId } } }
  const data = { type: route.type, attributes, ...(route.workspace === true && { relationships: relationships ?? workspace }) }
  return JSON.stringify({ data })
}

/** A document whose `name` attribute is replaced by the raw JSON text `raw` (for deep values). */
function documentWithRaw(route: BodyRoute, world: World, base: Record<string, unknown>, name: string, raw: string): string {
  const marker = '__raw_value__'
  return documentOf(route, world, { ...base, [name]: marker }).replace(JSON.stringify(marker), raw)
}

/** Malformed bodies for a JSON:API route: every one carries at least one defect the route must refuse. */
export function resourceBodies(route: BodyRoute, world: World): fc.Arbitrary<Defective> {
  const attributes = route.attributes ?? {}
  const names = Object.keys(attributes)
  const validated = names.filter((name) => attributes[name]?.validated === true)
  const base = fc.tuple(plausibleAttributes(attributes), extras).map(([known, extra]) => ({ ...extra, ...known }))
  const lenient = route.shape === 'token'
  const cases: fc.Arbitrary<Defective>[] = [
    nonJsonText.map((body) => ({ defect: 'not JSON', body })),
    nonJsonBytes.map((body) => ({ defect: 'not JSON (bytes)', body })),
    fc.tuple(base, fc.constantFrom(...names), withNul).map(([attrs, name, text]) => ({
      defect: 'NUL in an attribute',
      body: documentOf(route, world, { ...attrs, [name]: text }),
    })),
    fc.tuple(base, withNul, fc.jsonValue({ maxDepth: 1 })).map(([attrs, key, value]) => ({
      defect: 'NUL in a key',
      body: documentOf(route, world, { ...attrs, [key]: value }),
    })),
    fc.tuple(base, fc.constantFrom(...names)).chain(([attrs, name]) =>
      wrongType(attributes[name]?.kind ?? 'text').map((value) => ({
        defect: `${name} of the wrong type`,
        body: documentOf(route, world, { ...attrs, [name]: value }),
      })),
    ),
    fc.tuple(base, fc.constantFrom(...names), deepValue).map(([attrs, name, raw]) => ({
      defect: `${name} deeply nested`,
      body: documentWithRaw(route, world, attrs, name, raw),
    })),
  ]
  if (route.shape === 'token') {
    cases.push(
      fc.tuple(base, hostileString({ minLength: 256, maxLength: 2_000 })).map(([attrs, text]) => ({
        defect: 'description too long',
        body: documentOf(route, world, { ...attrs, description: repeatTo(text, 256 + text.length) }),
      })),
    )
  }
  if (validated.length > 0) {
    cases.push(
      fc.tuple(base, fc.constantFrom(...validated)).chain(([attrs, name]) =>
        invalidValue(attributes[name]?.kind ?? 'text').map((value) => ({
          defect: `${name} invalid`,
          body: documentOf(route, world, { ...attrs, [name]: value }),
        })),
      ),
    )
  }
  if (!lenient) {
    cases.push(
      fc.jsonValue().map((value) => ({ defect: 'arbitrary JSON', body: JSON.stringify(value) })),
      fc
        .tuple(base, fc.oneof(hostileText, notAString, fc.constantFrom(...OTHER_TYPES)))
        .filter(([, type]) => type !== route.type)
        .map(([attrs, type]) => ({ defect: 'data.type wrong', body: JSON.stringify({ data: { type, attributes: attrs } }) })),
      fc.tuple(fc.oneof(notAnObject, fc.array(base, { minLength: 1, maxLength: 2 }))).map(([data]) => ({
        defect: 'data not an object',
        body: JSON.stringify({ data }),
      })),
      notAnObject.map((attrs) => ({
        defect: 'attributes not an object',
        body: JSON.stringify({ data: { type: route.type, attributes: attrs } }),
      })),
      fc.tuple(base, notAnObject).map(([attrs, relationships]) => ({
        defect: 'relationships not an object',
        body: JSON.stringify({ data: { type: route.type, attributes: attrs, relationships } }),
      })),
    )
  }
  if (route.late !== undefined) {
    cases.push(route.late().map((attrs) => ({ defect: 'refused after reading the store', body: documentOf(route, world, attrs) })))
  }
  if (route.workspace === true) {
    const badWorkspace = fc.oneof(
      notAnObject,
      fc.record({ data: notAnObject }),
      fc.record({ data: fc.record({ type: fc.oneof(hostileText, notAString), id: fc.constant(world.workspaceId) }) }),
      fc.record({ data: fc.record({ type: fc.constant('workspaces'), id: hostileText.filter((id) => id !== world.workspaceId) }) }),
      fc.record({ data: fc.record({ type: fc.constant('workspaces'), id: notAString }) }),
    )
    cases.push(
      fc.tuple(base, badWorkspace).map(([attrs, workspace]) => ({
        defect: 'relationships.workspace malformed or unknown',
        body: documentOf(route, world, attrs, { workspace }),
      })),
    )
  }
  return fc.oneof(...cases)
}
