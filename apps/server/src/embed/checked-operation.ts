import { CairnError, type FieldError, type Principal } from '@cairn/core'
import type { z } from 'zod'
import type { CairnLifecycle } from './cairn-lifecycle.ts'
import type { CairnOperation } from './cairn-use-cases.ts'
import { PRINCIPAL } from './command-schemas.ts'
import { problemsOf } from './zod-problems.ts'

/**
 * `run` as a facade operation: refused once the Cairn is closed, and handed only a command and a
 * principal of the right shape; else an `invalid` naming each field at fault (`page`,
 * `principal.kind`), as a JavaScript caller the compiler did not check may send anything.
 */
export function checkedOperation<Command, Result>(
  lifecycle: CairnLifecycle,
  schema: z.ZodType<Command>,
  run: (command: Command, principal: Principal) => Promise<Result>,
): CairnOperation<Command, Result> {
  return (command, principal) =>
    lifecycle.run(async () => {
      throwIfAny([...named('command', problemsOf(schema, command)), ...named('principal', problemsOf(PRINCIPAL, principal))])
      return run(command, principal)
    })
}

/** `run` over a command only, for the one operation no principal acts in. */
export function checkedCommand<Command, Result>(
  lifecycle: CairnLifecycle,
  schema: z.ZodType<Command>,
  run: (command: Command) => Promise<Result>,
): (command: Command) => Promise<Result> {
  return (command) =>
    lifecycle.run(async () => {
      throwIfAny(named('command', problemsOf(schema, command)))
      return run(command)
    })
}

/** The value itself as `what`, its fields as they are (`page.number`), the principal's under `principal.`. */
function named(what: 'command' | 'principal', fields: readonly FieldError[]): FieldError[] {
  return fields.map(({ field, message }) => ({
    field: field === '' ? what : what === 'principal' ? `principal.${field}` : field,
    message,
  }))
}

function throwIfAny(fields: readonly FieldError[]): void {
  if (fields.length === 0) return
  throw new CairnError('invalid', fields.map(({ field, message }) => `${field} ${message}`).join('; '), fields)
}
