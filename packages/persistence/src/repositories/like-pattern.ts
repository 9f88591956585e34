/** A LIKE pattern matching values that contain `text` literally (`%`, `_` and `\` escaped). */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}
