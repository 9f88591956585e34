const ENGLISH = new Intl.PluralRules('en')

/** A count with its noun, singular or plural as English needs (`1 output`, `0 outputs`, `3 inputs`); nouns with a plain `s` plural only. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${ENGLISH.select(count) === 'one' ? '' : 's'}`
}
