/** A `timestamptz` column as a driver returns it: `pg` parses it, another driver may leave it as text. */
export function timestampOf(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value)
}
