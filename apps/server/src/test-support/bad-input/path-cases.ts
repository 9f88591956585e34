import fc from 'fast-check'
import { char } from './hostile-text.ts'
import { ADMIN_ACTIONS, liveNames, PATH_ROUTES, realValue, type Slot } from './path-routes.ts'
import { decodeLikeHono, isDotSegment, segment } from './path-segments.ts'
import { describeSent, withDescription, type Actor, type Sent, type World } from './sent.ts'

/** Which credentials go with a request: mostly the route's own, sometimes another's or garbage. */
const printable = fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map(char), minLength: 1, maxLength: 80 })
const actorFor = (own: Actor): fc.Arbitrary<Actor> =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constant(own) },
    { weight: 2, arbitrary: fc.constantFrom<Actor>('admin', 'owner', 'anonymous') },
    { weight: 1, arbitrary: printable.map((text): Actor => ({ authorization: `Bearer ${text}` })) },
    { weight: 1, arbitrary: printable.map((text): Actor => ({ authorization: text })) },
    { weight: 1, arbitrary: printable.filter((text) => !text.includes(';')).map((text): Actor => ({ cookie: `cairn_session=${text}` })) },
  )

export interface PathCase {
  readonly sent: Sent
  /** Whether the request may change state if it succeeds: then it must fail. */
  readonly changes: boolean
}

const SLOT = /\{(\w+)\}/g
/** Requests to every route of PATH_ROUTES with generated slots; one that changes state must miss. */
export const pathCases = (world: World): fc.Arbitrary<PathCase> =>
  fc
    .constantFrom(...PATH_ROUTES)
    .chain((pathRoute) => {
      const slots = [...pathRoute.template.matchAll(SLOT)].map((match) => match[1] as Slot)
      const changes = pathRoute.method !== 'GET'
      const value = (slot: Slot): fc.Arbitrary<{ text: string; generated: boolean }> => {
        const real = realValue(slot, world)
        const generated = (slot === 'action' ? fc.oneof(fc.constantFrom(...ADMIN_ACTIONS), segment) : segment).map((text) => ({
          text,
          generated: true,
        }))
        if (real === undefined) return generated
        return fc.oneof({ weight: 1, arbitrary: fc.constant({ text: real, generated: false }) }, { weight: 1, arbitrary: generated })
      }
      return fc
        .tuple(fc.tuple(...slots.map(value)), actorFor(pathRoute.as), fc.option(fc.string({ maxLength: 64 }), { nil: undefined }))
        .map(([values, as, body]): PathCase & { slotValues: { text: string; generated: boolean }[]; slots: Slot[] } => {
          let index = 0
          const path = pathRoute.template.replace(SLOT, () => values[index++]?.text ?? '')
          return {
            sent: {
              label: `${pathRoute.method} ${pathRoute.template}`,
              method: pathRoute.method,
              path,
              as,
              ...(body !== undefined && { body }),
            },
            changes,
            slotValues: values,
            slots,
          }
        })
    })
    .filter((candidate) => {
      if (candidate.sent.path.length > 14_000) return false
      if (!candidate.changes) return true
      // A changing request must miss: it has a generated id or name, none of which names anything
      // that exists, and no dot segment that the URL parser would resolve into a real resource.
      const live = liveNames(world)
      const generated = candidate.slotValues.filter((slot, i) => slot.generated && candidate.slots[i] !== 'action')
      const namesLive = generated.some(({ text }) => live.has(decodeLikeHono(text).trim().toLowerCase()))
      const dots = candidate.slotValues.some(({ text }) => isDotSegment(text))
      return generated.length > 0 && !namesLive && !dots
    })
    .map(({ sent, changes }) => withDescription({ sent, changes }, () => describeSent(sent)))
