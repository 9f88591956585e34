/**
 * The name among `known` that `given` most likely misspells: the same but for case, or at most
 * two edits away (a third of its length for short names); undefined when none is that close.
 */
export function closestName(given: string, known: readonly string[]): string | undefined {
  const sameButCase = known.find((name) => name.toLowerCase() === given.toLowerCase())
  if (sameButCase !== undefined) return sameButCase
  const limit = Math.min(2, Math.floor(given.length / 3))
  let best: { name: string; distance: number } | undefined
  for (const name of known) {
    const distance = editDistance(given.toLowerCase(), name.toLowerCase())
    if (distance <= limit && (best === undefined || distance < best.distance)) best = { name, distance }
  }
  return best?.name
}

/** Levenshtein distance: insertions, deletions and substitutions. */
function editDistance(from: string, to: string): number {
  let previous = Array.from({ length: to.length + 1 }, (_, index) => index)
  for (let i = 1; i <= from.length; i++) {
    const current = [i]
    for (let j = 1; j <= to.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (from[i - 1] === to[j - 1] ? 0 : 1)
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution))
    }
    previous = current
  }
  return previous[to.length] ?? 0
}
