import { ServerResponse, type IncomingMessage } from 'node:http'

/** The ends of the responses ended in this turn of the event loop, in the order they were ended. */
let due: (() => void)[] = []

function endDue(): void {
  const ending = due
  due = []
  for (const end of ending) end()
}

/**
 * A response whose `end` (the write of a whole cached answer, headers and body) waits for the end
 * of the current turn of the event loop (`setImmediate`), so that the answers of every request the
 * turn served leave back to back. Written as each is ended, with the next request's work between
 * them, each write finds the client's side asleep again and wakes it, and for a cached read that
 * wake-up costs more than all the rest of its work. Back to back, most writes find it awake. A
 * quiet server serves a request a turn, and answers it at the end of that turn. uWebSockets corks
 * every socket for a turn of its loop for the same reason.
 */
export class CoalescedResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  override end(...args: unknown[]): this {
    if (due.length === 0) setImmediate(endDue)
    due.push(() => super.end(...(args as Parameters<ServerResponse['end']>)))
    return this
  }
}
