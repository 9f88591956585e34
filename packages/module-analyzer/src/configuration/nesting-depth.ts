/**
 * How deeply a configuration file nests, judged from its text before any parser sees it. Both
 * parsers recurse once per level: `@cdktf/hcl2json` overflows its Go stack on a few thousand
 * levels (and its WebAssembly runtime does not recover), and deeply nested JSON makes
 * serialising the metadata overflow the JavaScript stack.
 *
 * The scan counts brackets, braces and parentheses outside strings, comments and heredocs, and
 * counts each string, heredoc and `${…}`/`%{…}` template interpolation as a level of its own. It
 * is conservative: it may count a level the parser would not, never the reverse. The same scan
 * reads JSON, whose strings follow the same escaping and which has no comments or heredocs.
 */

type Frame = { readonly kind: 'bracket' | 'interpolation' | 'string' } | { readonly kind: 'heredoc'; readonly end: string }

const HEREDOC = /<<-?([A-Za-z_][\w-]*)\r?\n/y

/** The line on which `source` first nests deeper than `limit` levels, or null when it never does. */
export function lineBeyondDepth(source: string, limit: number): number | null {
  const stack: Frame[] = []
  let line = 1
  let i = 0
  const push = (frame: Frame): boolean => stack.push(frame) > limit
  while (i < source.length) {
    const top = stack.at(-1)
    const char = source[i] ?? ''
    const next = source[i + 1] ?? ''
    if (char === '\n') line += 1
    if (top?.kind === 'string') {
      if (char === '\\') i += 1
      else if (char === '"' || char === '\n') stack.pop()
      else if ((char === '$' || char === '%') && next === char && source[i + 2] === '{') i += 2
      else if ((char === '$' || char === '%') && next === '{' && push({ kind: 'interpolation' })) return line
      i += 1
      continue
    }
    if (top?.kind === 'heredoc') {
      const atLineStart = i === 0 || source[i - 1] === '\n'
      const lineEnd = source.indexOf('\n', i)
      if (atLineStart && source.slice(i, lineEnd === -1 ? undefined : lineEnd).trim() === top.end) {
        stack.pop()
        i = lineEnd === -1 ? source.length : lineEnd
        continue
      }
      if ((char === '$' || char === '%') && next === char && source[i + 2] === '{') i += 2
      else if ((char === '$' || char === '%') && next === '{' && push({ kind: 'interpolation' })) return line
      i += 1
      continue
    }
    if (char === '#' || (char === '/' && next === '/')) {
      const lineEnd = source.indexOf('\n', i)
      i = lineEnd === -1 ? source.length : lineEnd
      continue
    }
    if (char === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2)
      const stop = end === -1 ? source.length : end + 2
      line += countNewlines(source, i, stop)
      i = stop
      continue
    }
    if (char === '<' && next === '<') {
      HEREDOC.lastIndex = i
      const heredoc = HEREDOC.exec(source)
      if (heredoc !== null) {
        if (push({ kind: 'heredoc', end: heredoc[1] ?? '' })) return line
        line += 1
        i = HEREDOC.lastIndex
        continue
      }
    }
    if (char === '"' && push({ kind: 'string' })) return line
    if ((char === '(' || char === '[' || char === '{') && push({ kind: 'bracket' })) return line
    if ((char === ')' || char === ']' || char === '}') && top !== undefined) stack.pop()
    i += 1
  }
  return null
}

function countNewlines(source: string, from: number, to: number): number {
  let count = 0
  for (let i = source.indexOf('\n', from); i !== -1 && i < to; i = source.indexOf('\n', i + 1)) count += 1
  return count
}
