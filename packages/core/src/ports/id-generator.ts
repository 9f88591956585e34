/** The prefixes of resource ids, as the real API spells them (`user-…`, `tool-…`). */
export type IdPrefix =
  | 'user'
  | 'at'
  | 'tool'
  | 'ws'
  | 'team'
  | 'ou'
  | 'run'
  | 'sess'
  | 'ae'
  | 'mod'
  | 'modver'
  | 'oc'
  | 'ot'
  | 'prov'
  | 'provver'
  | 'provpltfrm'
  | 'provmirror'
  | 'org'

/** Makes unique, opaque resource ids. */
export interface IdGenerator {
  /** A fresh id `<prefix>-<16 alphanumerics>`, never returned before. */
  next(prefix: IdPrefix): string
  /** A fresh random UUID (version 4), lower-case: unguessable, so it may serve as a secret. */
  uuid(): string
}
