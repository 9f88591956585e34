import fc from 'fast-check'
import { ADMINISTRATION_BODY_ROUTES } from './administration-body-routes.ts'
import type { BodyRoute } from './body-route.ts'
import { contentTypes, nonJsonText } from './json-values.ts'
import { MODULE_BODY_ROUTES } from './module-body-routes.ts'
import { ORGANIZATION_BODY_ROUTES } from './organization-body-routes.ts'
import { memberBodies, oversizedBody, reasonBodies } from './plain-bodies.ts'
import { resourceBodies } from './resource-bodies.ts'
import { describeSent, withDescription, type Sent, type World } from './sent.ts'

/** Every POST and PATCH of docs/api.md (and the DELETE that reads a body). */
const BODY_ROUTES: readonly BodyRoute[] = [...ADMINISTRATION_BODY_ROUTES, ...ORGANIZATION_BODY_ROUTES, ...MODULE_BODY_ROUTES]

export interface BodyCase {
  readonly route: BodyRoute
  readonly defect: string
  readonly body: string | Uint8Array
  readonly contentType: string | undefined
}

function bodiesFor(route: BodyRoute, world: World) {
  switch (route.shape) {
    case 'resource':
    case 'token':
      return resourceBodies(route, world)
    case 'reason':
      return reasonBodies
    case 'members':
      return memberBodies
    case 'ignored':
      return fc
        .oneof(
          nonJsonText,
          fc.jsonValue().map((value) => JSON.stringify(value)),
        )
        .map((body) => ({ defect: 'anything (not impersonating)', body }))
  }
}

/** Malformed bodies on every route of BODY_ROUTES. Built once the setup has run: some generators name what it created. */
export const bodyCases = (world: World): fc.Arbitrary<BodyCase> =>
  fc
    .constantFrom(...BODY_ROUTES)
    .chain((route) =>
      fc
        .tuple(fc.oneof({ weight: 30, arbitrary: bodiesFor(route, world) }, { weight: 1, arbitrary: oversizedBody }), contentTypes)
        .map(([{ defect, body }, contentType]) => ({ route, defect, body, contentType })),
    )
    .map((value) => withDescription(value, () => describeSent(sentOfBody(world, value))))

export function sentOfBody(world: World, { route, defect, body, contentType }: BodyCase): Sent {
  return {
    label: `${route.label}: ${defect}`,
    method: route.method,
    path: route.path(world),
    as: route.as,
    body,
    ...(contentType !== undefined && { contentType }),
  }
}
