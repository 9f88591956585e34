import fc from 'fast-check'
import { hostileString, hostileText, repeatTo, withNul } from './hostile-text.ts'
import { deepValue, nonJsonText, notAnObject, notAString } from './json-values.ts'
import { extras, type Defective } from './resource-bodies.ts'

/** `{"reason": …}` bodies that carry no usable reason. */
export const reasonBodies: fc.Arbitrary<Defective> = fc.oneof(
  nonJsonText.map((body) => ({ defect: 'not JSON', body })),
  fc.constant({ defect: 'empty', body: '' }),
  fc
    .jsonValue()
    .filter((value) => typeof value !== 'object' || value === null || !('reason' in value))
    .map((value) => ({ defect: 'no reason', body: JSON.stringify(value) })),
  fc.tuple(notAString, extras).map(([reason, extra]) => ({ defect: 'reason not a string', body: JSON.stringify({ ...extra, reason }) })),
  fc.constantFrom('', ' ', '\t\n', '\u3000\u2028').map((reason) => ({ defect: 'blank reason', body: JSON.stringify({ reason }) })),
  withNul.map((reason) => ({ defect: 'NUL in reason', body: JSON.stringify({ reason }) })),
  hostileString({ minLength: 1, maxLength: 50 }).map((unit) => ({
    defect: 'reason too long',
    body: JSON.stringify({ reason: `x${repeatTo(unit.replace(/\s/g, 'y'), 1_001)}x` }),
  })),
  deepValue.map((raw) => ({ defect: 'reason deeply nested', body: `{"reason":${raw}}` })),
)

const KNOWN_USERNAMES = new Set(['owner', 'root'])
const unknownUsername = hostileText.filter((name) => !KNOWN_USERNAMES.has(name.trim().toLowerCase()))
/** `{"data":[{"type":"users","id":…}]}` bodies that name no member of the organization, or are malformed. */
export const memberBodies: fc.Arbitrary<Defective> = fc.oneof(
  nonJsonText.map((body) => ({ defect: 'not JSON', body })),
  fc.jsonValue().map((value) => ({ defect: 'arbitrary JSON', body: JSON.stringify(value) })),
  fc.oneof(notAnObject, fc.constant([])).map((data) => ({ defect: 'data not a list of users', body: JSON.stringify({ data }) })),
  fc
    .array(
      fc.oneof(
        notAnObject,
        fc.record({ type: fc.oneof(hostileText, notAString), id: fc.constant('owner') }),
        fc.record({ type: fc.constant('users'), id: notAString }),
      ),
      {
        minLength: 1,
        maxLength: 3,
      },
    )
    .map((data) => ({ defect: 'malformed user identifiers', body: JSON.stringify({ data }) })),
  fc.array(unknownUsername, { minLength: 1, maxLength: 3 }).map((ids) => ({
    defect: 'usernames that are not members',
    body: JSON.stringify({ data: ids.map((id) => ({ type: 'users', id })) }),
  })),
  withNul.map((id) => ({ defect: 'NUL in a username', body: JSON.stringify({ data: [{ type: 'users', id }] }) })),
  deepValue.map((raw) => ({ defect: 'deeply nested', body: `{"data":[${raw}]}` })),
)

/** Bodies over the 1 MiB limit for JSON. */
export const oversizedBody = fc.integer({ min: 1024 * 1024 + 1, max: 1024 * 1024 + 4096 }).map((size) => ({
  defect: 'over 1 MiB',
  body: `{"data":{"type":"x","attributes":{"name":"${'a'.repeat(size)}"}}}`,
}))
