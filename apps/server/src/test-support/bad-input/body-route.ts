import type fc from 'fast-check'
import type { Attribute } from './attribute-values.ts'
import type { Actor, World } from './sent.ts'

/** A POST, PATCH or DELETE of docs/api.md that reads a body, and what its body holds. */
export interface BodyRoute {
  readonly label: string
  readonly method: 'POST' | 'PATCH' | 'DELETE'
  readonly path: (world: World) => string
  readonly as: Actor
  /** `resource`: a JSON:API document of `type`; `token`: as resource, but read leniently; others are plain JSON. */
  readonly shape: 'resource' | 'token' | 'reason' | 'members' | 'ignored'
  readonly type?: string
  readonly attributes?: Readonly<Record<string, Attribute>>
  /** `relationships.workspace`, for runs. */
  readonly workspace?: boolean
  /**
   * Well-formed attributes that the route refuses only once it has read the store (a taken name,
   * an unknown reference): they carry odd text into the database's queries and writes.
   */
  readonly late?: () => fc.Arbitrary<Record<string, unknown>>
}
