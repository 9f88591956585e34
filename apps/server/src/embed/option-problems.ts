import { z } from 'zod'
import { CAIRN_OPTIONS } from './cairn-options.schema.ts'
import { closestName } from './closest-name.ts'
import { problemsOf } from './zod-problems.ts'

/**
 * Every problem with `options` as given, one line each: a missing or mistyped option, a value out
 * of range, an unknown option with the known one it resembles ("unknown option basepath; did you
 * mean basePath?"), and what several options decide together.
 */
export function optionProblems(options: unknown): string[] {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    return ['options must be an object with at least a store, e.g. { store: { kind: "memory" } }']
  }
  const lines = problemsOf(CAIRN_OPTIONS, options).map(({ field, message }) => {
    if (message !== 'is unknown') return `${field} ${message}`
    const path = field.split('.')
    const known = closestName(path.at(-1) ?? '', keysAt(path.slice(0, -1), options))
    return `unknown option ${field}${known === undefined ? '' : `; did you mean ${[...path.slice(0, -1), known].join('.')}?`}`
  })
  return [...lines, ...combinationProblems(options)]
}

/** What depends on several options; read defensively, the types being checked beside. */
function combinationProblems(options: object): string[] {
  const store: unknown = Reflect.get(options, 'store')
  const kind: unknown = typeof store === 'object' && store !== null ? Reflect.get(store, 'kind') : undefined
  const problems: string[] = []
  if (kind === 'postgres' || kind === 'mikro-orm') {
    if (Reflect.get(options, 'blobs') === undefined) problems.push(`blobs is required with a ${kind} store (filesystem or s3)`)
    // Every instance on one database must sign links alike, so none can make its own key.
    if (Reflect.get(options, 'signingKey') === undefined) {
      problems.push(`signingKey is required with a ${kind} store: every instance sharing the database must sign links alike`)
    }
  }
  const basePath: unknown = Reflect.get(options, 'basePath')
  // The UI's pages and assets link from the root (`/app/…`).
  if (Reflect.get(options, 'webUi') === true && basePath !== undefined && basePath !== '') {
    problems.push('webUi cannot be served under a basePath')
  }
  return problems
}

/** The option names the schema knows at `path` in `value` (a store's by its kind). */
function keysAt(path: readonly string[], value: unknown): string[] {
  let schema = objectSchemaOf(CAIRN_OPTIONS, value)
  let here = value
  for (const key of path) {
    here = typeof here === 'object' && here !== null ? Reflect.get(here, key) : undefined
    schema = objectSchemaOf(schema?.shape[key], here)
  }
  return schema === undefined ? [] : Object.keys(schema.shape)
}

/** The object schema `schema` is for `value`: unwrapped from optional, and the union member of its kind. */
function objectSchemaOf(schema: unknown, value: unknown): z.ZodObject | undefined {
  if (schema instanceof z.ZodExactOptional) return objectSchemaOf(schema.unwrap(), value)
  if (schema instanceof z.ZodObject) return schema
  if (!(schema instanceof z.ZodUnion)) return undefined
  const kind: unknown = typeof value === 'object' && value !== null ? Reflect.get(value, 'kind') : undefined
  const options: readonly unknown[] = schema.options
  const member = options.find((option) => {
    const kindSchema: unknown = option instanceof z.ZodObject ? option.shape['kind'] : undefined
    return kindSchema instanceof z.ZodType && kindSchema.safeParse(kind).success
  })
  return objectSchemaOf(member, value)
}
