import fc from 'fast-check'
import { hostileText, invalidEmail, invalidToken, invalidUrl } from './hostile-text.ts'
import { notABoolean, notAnObject, notAString } from './json-values.ts'

/** What an attribute holds, for generating values it may and may not take. */
export type Kind = 'name' | 'email' | 'version' | 'url' | 'sha' | 'text' | 'nullable-text' | 'bool' | 'access' | 'vcs' | 'tests'

export interface Attribute {
  readonly kind: Kind
  /** Whether the route checks the value (not only its JSON type): then an invalid value is a defect. */
  readonly validated?: boolean
}

/** A value an attribute might plausibly hold: valid-looking or hostile, never a defect by itself. */
export function plausible(kind: Kind): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'name':
      return fc.oneof(fc.constantFrom('x1', 'net-work', 'A_b', 'aws'), hostileText)
    case 'email':
      return fc.oneof(
        fc.constant('x@y.test'),
        hostileText,
        fc.tuple(hostileText, hostileText).map(([a, b]) => `${a}@${b}`),
      )
    case 'version':
      return fc.oneof(fc.constantFrom('1.9.0', '2.0.0', 'v3.1.4-rc.1'), hostileText)
    case 'url':
      return fc.oneof(
        fc.constant('https://x.test/t.zip'),
        hostileText.map((text) => `https://${text}`),
      )
    case 'sha':
      return fc.oneof(fc.constant('ab'.repeat(32)), hostileText)
    case 'text':
      return hostileText
    case 'nullable-text':
      return fc.oneof(fc.constant(null), hostileText)
    case 'bool':
      return fc.boolean()
    case 'access':
      return fc.record({ 'manage-modules': fc.boolean(), 'manage-workspaces': fc.boolean() }, { requiredKeys: [] })
    case 'vcs':
      return fc.record({ branch: hostileText, tags: fc.boolean() }, { requiredKeys: [] })
    case 'tests':
      return fc.record({ 'tests-enabled': fc.boolean() }, { requiredKeys: [] })
  }
}

/** A value of the wrong JSON type: refused by every route that reads the attribute. */
export function wrongType(kind: Kind): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'bool':
      return notABoolean
    case 'access':
      return fc.oneof(notAnObject, fc.record({ 'manage-modules': notABoolean }))
    case 'vcs':
      return fc.oneof(notAnObject, fc.record({ branch: notAString }), fc.record({ tags: notABoolean }))
    case 'tests':
      return fc.oneof(notAnObject, fc.record({ 'tests-enabled': notABoolean }))
    case 'nullable-text':
      return notAString
    default:
      return notAString
  }
}

/** A value of the right type that the route's rules refuse. */
export function invalidValue(kind: Kind): fc.Arbitrary<unknown> {
  if (kind === 'email') return invalidEmail
  if (kind === 'url') return invalidUrl
  return invalidToken
}
