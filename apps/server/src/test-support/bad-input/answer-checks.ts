import { describeSent, JSON_API, type Answer, type Sent } from './sent.ts'

/**
 * What is wrong with an answer: a 500, an error that is not a JSON:API error document, or a
 * success where `successAllowed` is false (the request was malformed or must miss).
 */
function problemsOf(answer: Answer, successAllowed: boolean): string[] {
  const problems: string[] = []
  if (answer.status >= 500) problems.push(`answered ${answer.status}`)
  if (answer.status < 400 && !successAllowed) problems.push(`accepted a malformed request with ${answer.status}`)
  if (answer.status >= 400 || answer.text !== '') {
    if (!answer.contentType?.startsWith(JSON_API)) problems.push(`Content-Type ${answer.contentType ?? '(none)'}`)
  }
  if (answer.status >= 400) {
    let errors: unknown
    try {
      errors = (JSON.parse(answer.text) as { errors?: unknown }).errors
    } catch {
      problems.push('the body is not JSON')
    }
    const objects = Array.isArray(errors) ? (errors as unknown[]) : []
    if (objects.length === 0) problems.push('no `errors` array of error objects')
    for (const error of objects) {
      const { status, title } = (error ?? {}) as { status?: unknown; title?: unknown }
      if (status !== String(answer.status)) problems.push(`an error object with status ${JSON.stringify(status)}`)
      if (typeof title !== 'string') problems.push('an error object without a title')
    }
  }
  return problems
}

/** Throws, with the request, the answer and what the server logged, when `answer` has a problem. */
export function check(sent: Sent, answer: Answer, successAllowed: boolean): void {
  const problems = problemsOf(answer, successAllowed)
  if (problems.length === 0) return
  throw new Error(
    [
      `${problems.join('; ')}`,
      `request: ${describeSent(sent)}`,
      `answer: ${answer.status} ${answer.contentType ?? ''} ${answer.text.slice(0, 500)}`,
      ...answer.serverErrors.map((line) => `server logged: ${line.slice(0, 2_000)}`),
    ].join('\n'),
  )
}
