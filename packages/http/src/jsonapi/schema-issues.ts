import type { FieldError } from '@cairn/core'
import type { z } from 'zod'

const KINDS: Readonly<Record<string, string>> = {
  string: 'a string',
  boolean: 'a boolean',
  int: 'a whole number',
  number: 'a number',
  object: 'an object',
  array: 'an array',
}

/**
 * The JSON:API error fields of a failed validation: each issue at the JSON pointer of the value
 * it concerns, except that a resource identifier's `type` or `id` is reported at the identifier,
 * and a to-one relationship's linkage at the relationship.
 */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => {
    const { path, member } = reportedAt(issue)
    const message = messageOf(issue)
    return { field: pointerOf(path), message: member === undefined ? message : `${member} ${message}` }
  })
}

function reportedAt(issue: z.core.$ZodIssue): { path: readonly PropertyKey[]; member?: string } {
  let path: readonly PropertyKey[] = issue.path
  let member: string | undefined
  const last = path.at(-1)
  if ((last === 'type' || last === 'id') && isIdentifierPath(path.slice(0, -1))) {
    path = path.slice(0, -1)
    member = last
  }
  const expectsArray = issue.code === 'invalid_type' && issue.expected === 'array'
  if (isToOneLinkage(path) && !expectsArray) path = path.slice(0, -1)
  return member === undefined ? { path } : { path, member }
}

/** An element of a to-many linkage (`…/data/0`), or a to-one linkage (`/data/relationships/x/data`). */
function isIdentifierPath(path: readonly PropertyKey[]): boolean {
  return typeof path.at(-1) === 'number' || isToOneLinkage(path)
}

function isToOneLinkage(path: readonly PropertyKey[]): boolean {
  return path.length === 4 && path[0] === 'data' && path[1] === 'relationships' && path[3] === 'data'
}

function pointerOf(path: readonly PropertyKey[]): string {
  return path.map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')
}

function messageOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'is required' : `must be ${KINDS[issue.expected] ?? issue.expected}`
    case 'invalid_value':
      return `must be ${issue.values.map((value) => JSON.stringify(value)).join(' or ')}`
    case 'too_small':
      if (issue.origin === 'array') return 'must not be empty'
      return isNumeric(issue.origin) ? `must be at least ${String(issue.minimum)}` : issue.message
    case 'too_big':
      return isNumeric(issue.origin) ? `must be at most ${String(issue.maximum)}` : issue.message
    default:
      return issue.message
  }
}

function isNumeric(origin: string): boolean {
  return origin === 'number' || origin === 'int' || origin === 'bigint'
}
