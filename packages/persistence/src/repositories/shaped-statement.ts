import type { SqlEntityManager as EntityManager } from '@mikro-orm/sql'
import { executePrepared, preparedStatement, type PreparedStatement } from './prepared-statement.ts'

/** A placeholder's value: a constant of the statement, or the request's value of a named parameter. */
type Parameter<P extends string> = { readonly constant: unknown } | { readonly name: P }

/** A prepared statement and what each of its placeholders takes. */
export interface ShapedStatement<P extends string> extends PreparedStatement {
  readonly parameters: readonly Parameter<P>[]
}

/** What the query builder made of a statement: its SQL and the values of its placeholders, in order. */
export interface BuiltQuery {
  readonly sql: string
  readonly params: readonly unknown[]
}

/** Stand-ins the builder is given in place of a request's values, to find them among its parameters. */
export interface Placeholders<P extends string> {
  readonly text: (parameter: P) => string
  readonly number: (parameter: P) => number
}

/** Far above any page size or offset a request may ask for, so no constant of a statement is taken for one. */
const FIRST_NUMBER = 2_000_000_000

/**
 * Built once per ORM (its metadata: schema, naming) and shape, and let go with the ORM. The shapes
 * are a closed set: each name is a literal of a repository (a list's names one per combination of
 * the filters it has), never made from a request's values.
 */
const statements = new WeakMap<object, Map<string, ShapedStatement<string>>>()

/**
 * The statement of one shape (`name`: which filters are present, which order), built by the query
 * builder (schema, quoting, operators) the first time and then only run with each request's
 * values: building a query costs more than running it. The builder is given stand-ins for the
 * request's values, told apart from the statement's constants by identity.
 */
export function shapedStatement<P extends string>(
  em: EntityManager,
  name: string,
  build: (placeholders: Placeholders<P>) => BuiltQuery,
): ShapedStatement<P> {
  const metadata = em.getMetadata()
  const built = statements.get(metadata) ?? new Map<string, ShapedStatement<string>>()
  statements.set(metadata, built)
  const cached = built.get(name) as ShapedStatement<P> | undefined
  if (cached !== undefined) return cached
  const names = new Map<unknown, P>()
  const mint = <V>(parameter: P, value: V): V => {
    names.set(value, parameter)
    return value
  }
  const query = build({
    text: (parameter) => mint(parameter, `\u0000cairn:${parameter}`),
    number: (parameter) => mint(parameter, FIRST_NUMBER + names.size),
  })
  const parameters = query.params.map((value): Parameter<P> => {
    const parameter = names.get(value)
    return parameter === undefined ? { constant: value } : { name: parameter }
  })
  const statement: ShapedStatement<P> = { ...preparedStatement(`cairn_${name}`, query.sql), parameters }
  built.set(name, statement)
  return statement
}

/** Runs `statement` with the request's `values` (see `executePrepared`); rows as the driver returns them. */
export function runShaped<T, P extends string>(
  em: EntityManager,
  statement: ShapedStatement<P>,
  values: Readonly<Record<P, unknown>>,
): Promise<T[]> {
  const parameters = statement.parameters.map((parameter) => ('name' in parameter ? values[parameter.name] : parameter.constant))
  return executePrepared<T>(em, statement, parameters)
}
