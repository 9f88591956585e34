import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  ABANDON_AFTER_ABORT_SECONDS,
  workersPerKind,
  type JobDefinition,
  type JobHandler,
  type JobPayload,
  type JobQueue,
} from '@cairn/core'

/** A queue under test, and for a durable one the means to open a second process's queue. */
export interface JobQueueUnderTest {
  readonly queue: JobQueue
  /** Another queue over the same jobs, as a second process would open; absent when in memory. */
  readonly another?: () => Promise<JobQueue>
  dispose(): Promise<void>
}

export type JobQueueHarness = () => Promise<JobQueueUnderTest>

const INGEST: JobDefinition = { name: 'ingest', retryLimit: 2, retryDelaySeconds: 0, timeoutSeconds: 30 }
const WAIT = { timeout: 15_000, interval: 50 }

/** Resolves when `release` is called; for handlers that must stay running for a while. */
function gate(): { opened: Promise<void>; release: () => void } {
  let release = () => {}
  const opened = new Promise<void>((resolve) => (release = resolve))
  return { opened, release }
}

/**
 * A handler that holds every job it starts until `next` releases the oldest, so that starts come
 * one at a time, in the order the queue hands jobs out; `free` lets every job through from then on.
 */
function turnstile(): { started: string[]; handler: JobHandler; next: () => Promise<void>; free: () => void } {
  const started: string[] = []
  const held: (() => void)[] = []
  let freed = false
  return {
    started,
    handler: async ({ label }) => {
      started.push(typeof label === 'string' ? label : 'unlabelled')
      if (!freed) await new Promise<void>((resolve) => held.push(resolve))
    },
    async next() {
      const before = started.length
      held.shift()?.()
      await vi.waitFor(() => expect(started.length).toBe(before + 1), WAIT)
    },
    free() {
      freed = true
      for (const release of held.splice(0)) release()
    },
  }
}

export function jobQueueContract(name: string, open: JobQueueHarness): void {
  describe(`JobQueue contract: ${name}`, { timeout: 30_000 }, () => {
    let subject: JobQueueUnderTest
    const seen: JobPayload[] = []

    beforeEach(async () => {
      seen.length = 0
      subject = await open()
      await subject.queue.define(INGEST)
    })
    afterEach(() => subject.dispose())

    it('runs a job once, with its payload', async () => {
      await subject.queue.work('ingest', async (payload) => void seen.push(payload))
      await expect(subject.queue.enqueue('ingest', { version: 'modver-1', tags: ['v1.0.0'] }, 'modver-1')).resolves.toBe(true)
      await vi.waitFor(() => expect(seen).toEqual([{ version: 'modver-1', tags: ['v1.0.0'] }]), WAIT)
    })

    it('keeps a job queued before any worker until one starts', async () => {
      await subject.queue.enqueue('ingest', { n: 1 }, 'a')
      await subject.queue.work('ingest', async (payload) => void seen.push(payload))
      await vi.waitFor(() => expect(seen).toEqual([{ n: 1 }]), WAIT)
    })

    it('queues no second job under a key while one waits, and queues other keys', async () => {
      await expect(subject.queue.enqueue('ingest', { n: 1 }, 'a')).resolves.toBe(true)
      await expect(subject.queue.enqueue('ingest', { n: 2 }, 'a')).resolves.toBe(false)
      await expect(subject.queue.enqueue('ingest', { n: 3 }, 'b')).resolves.toBe(true)
      await subject.queue.work('ingest', async (payload) => void seen.push(payload))
      await vi.waitFor(() => expect(seen).toHaveLength(2), WAIT)
      expect(seen).toEqual(expect.arrayContaining([{ n: 1 }, { n: 3 }]))
    })

    it('runs a job queued while another of its key runs only after that one ends', async () => {
      const first = gate()
      const events: string[] = []
      await subject.queue.work('ingest', async (payload) => {
        events.push(`start ${JSON.stringify(payload['n'])}`)
        if (payload['n'] === 1) await first.opened
        events.push(`end ${JSON.stringify(payload['n'])}`)
      })
      await subject.queue.enqueue('ingest', { n: 1 }, 'a')
      await vi.waitFor(() => expect(events).toEqual(['start 1']), WAIT)
      await expect(subject.queue.enqueue('ingest', { n: 2 }, 'a')).resolves.toBe(true)
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      expect(events).toEqual(['start 1'])
      first.release()
      await vi.waitFor(() => expect(events).toEqual(['start 1', 'end 1', 'start 2', 'end 2']), WAIT)
    })

    it('retries a failing job up to its retry limit, and not beyond', async () => {
      let attempts = 0
      await subject.queue.work('ingest', async () => {
        attempts += 1
        throw new Error('the clone failed')
      })
      await subject.queue.enqueue('ingest', {}, 'a')
      await vi.waitFor(() => expect(attempts).toBe(3), WAIT)
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      expect(attempts).toBe(3)
    })

    it('tells each attempt whether it is the last, after which no retry follows', async () => {
      const lasts: boolean[] = []
      await subject.queue.work('ingest', async (_payload, { last }) => {
        lasts.push(last)
        throw new Error('the archive cannot be read')
      })
      await subject.queue.enqueue('ingest', {}, 'a')
      await vi.waitFor(() => expect(lasts).toEqual([false, false, true]), WAIT)
    })

    it('waits longer before each retry', async () => {
      await subject.queue.define({ ...INGEST, name: 'slow-retry', retryDelaySeconds: 1 })
      const times: number[] = []
      await subject.queue.work('slow-retry', async () => {
        times.push(performance.now())
        throw new Error('the host is down')
      })
      await subject.queue.enqueue('slow-retry', {}, 'a')
      await vi.waitFor(() => expect(times).toHaveLength(3), { ...WAIT, timeout: 25_000 })
      const [first = 0, second = 0, third = 0] = times
      expect(second - first).toBeGreaterThanOrEqual(900)
      expect(third - second).toBeGreaterThan(second - first)
    })

    it('fails an attempt that overruns its timeout, aborting its signal, and retries it', async () => {
      await subject.queue.define({ ...INGEST, name: 'short', timeoutSeconds: 1 })
      let attempts = 0
      let abortedFirst = false
      await subject.queue.work('short', async (payload, { signal }) => {
        attempts += 1
        if (attempts > 1) return void seen.push(payload)
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }))
        abortedFirst = signal.aborted
      })
      await subject.queue.enqueue('short', { n: 1 }, 'a')
      await vi.waitFor(() => expect(seen).toEqual([{ n: 1 }]), WAIT)
      expect({ attempts, abortedFirst }).toEqual({ attempts: 2, abortedFirst: true })
    })

    it("runs another group's job while one group's backlog of 200 is stuck, and never more of that group than its concurrency", async () => {
      const fair: JobDefinition = { ...INGEST, name: 'fair', groupConcurrency: 2 }
      await subject.queue.define(fair)
      const stuck = gate()
      let running = 0
      let mostRunning = 0
      await subject.queue.work('fair', async (payload) => {
        if (payload['group'] !== 'acme') return void seen.push(payload)
        running += 1
        mostRunning = Math.max(mostRunning, running)
        await stuck.opened
        running -= 1
      })
      try {
        for (let n = 0; n < 200; n += 1) await subject.queue.enqueue('fair', { group: 'acme', n }, `acme-${n}`, { group: 'acme' })
        await vi.waitFor(() => expect(running).toBe(2), WAIT)
        await subject.queue.enqueue('fair', { group: 'globex' }, 'globex-1', { group: 'globex' })
        await vi.waitFor(() => expect(seen).toEqual([{ group: 'globex' }]), WAIT)
        expect(mostRunning).toBe(2)
      } finally {
        stuck.release()
      }
    })

    it("starts a group's first job before the rest of another group's backlog of 20, whichever process queued them, and each group's jobs oldest first", async () => {
      const elsewhere = subject.another === undefined ? subject.queue : await subject.another()
      const gates = turnstile()
      try {
        await elsewhere.define(INGEST)
        const backlog = (from: number, to: number) => Array.from({ length: to - from }, (_, n) => `acme-${from + n}`)
        for (const label of backlog(0, 10)) await elsewhere.enqueue('ingest', { label }, label, { group: 'acme' })
        for (const label of backlog(10, 20)) await subject.queue.enqueue('ingest', { label }, label, { group: 'acme' })
        await elsewhere.enqueue('ingest', { label: 'globex' }, 'globex', { group: 'globex' })
        await subject.queue.work('ingest', gates.handler)
        await vi.waitFor(() => expect(gates.started).toHaveLength(2), WAIT)
        expect(gates.started).toEqual(expect.arrayContaining(['acme-0', 'globex']))
        while (gates.started.length < 21) await gates.next()
        expect(gates.started.filter((label) => label !== 'globex')).toEqual(backlog(0, 20))
      } finally {
        gates.free()
        if (elsewhere !== subject.queue) await elsewhere.stop()
      }
    })

    it("starts a group's job queued while another group's backlog runs after at most one more job of that backlog", async () => {
      const gates = turnstile()
      try {
        await subject.queue.work('ingest', gates.handler)
        for (let n = 0; n < 20; n += 1) await subject.queue.enqueue('ingest', { label: `acme-${n}` }, `acme-${n}`, { group: 'acme' })
        await vi.waitFor(() => expect(gates.started).toHaveLength(2), WAIT)
        await subject.queue.enqueue('ingest', { label: 'globex' }, 'globex', { group: 'globex' })
        while (!gates.started.includes('globex') && gates.started.length < 21) await gates.next()
        // Both workers held acme's first two; the round served then (acme's third) goes first.
        expect(gates.started.indexOf('globex')).toBeLessThanOrEqual(3)
      } finally {
        gates.free()
      }
    })

    it('frees the worker of an attempt that ignores its aborted signal, once the grace has passed', async () => {
      const stubborn: JobDefinition = { ...INGEST, name: 'stubborn', retryLimit: 0, timeoutSeconds: 1 }
      await subject.queue.define(stubborn)
      const never = gate()
      await subject.queue.work('stubborn', async (payload) => {
        if (payload['stuck'] === true) await never.opened
        else seen.push(payload)
      })
      try {
        for (let n = 0; n < workersPerKind(stubborn); n += 1) await subject.queue.enqueue('stubborn', { stuck: true }, `stuck-${n}`)
        const queuedAt = performance.now()
        await subject.queue.enqueue('stubborn', { n: 1 }, 'free')
        await vi.waitFor(() => expect(seen).toEqual([{ n: 1 }]), { ...WAIT, timeout: (ABANDON_AFTER_ABORT_SECONDS + 10) * 1000 })
        // It waited for a worker: every one was held by a stuck attempt until its timeout.
        expect(performance.now() - queuedAt).toBeGreaterThanOrEqual(900)
      } finally {
        never.release()
      }
    })

    it('refuses a job kind never declared', async () => {
      await expect(subject.queue.enqueue('unknown', {}, 'a')).rejects.toMatchObject({ code: 'invalid' })
    })

    it('runs a job on one worker only when several processes work the queue, whichever enqueued it', async (context) => {
      if (subject.another === undefined) return context.skip()
      const other = await subject.another()
      try {
        await other.define(INGEST)
        const runs: string[] = []
        await subject.queue.work('ingest', async (payload) => void runs.push(`here ${JSON.stringify(payload['n'])}`))
        await other.work('ingest', async (payload) => void runs.push(`there ${JSON.stringify(payload['n'])}`))
        for (let n = 0; n < 6; n += 1) await other.enqueue('ingest', { n }, `k${n}`)
        await vi.waitFor(() => expect(runs).toHaveLength(6), WAIT)
        await new Promise((resolve) => setTimeout(resolve, 1_000))
        expect(runs.map((run) => run.split(' ')[1]).sort()).toEqual(['0', '1', '2', '3', '4', '5'])
      } finally {
        await other.stop()
      }
    })

    it('keeps queued jobs when the process that queued them stops', async (context) => {
      if (subject.another === undefined) return context.skip()
      await subject.queue.enqueue('ingest', { n: 1 }, 'a')
      await subject.queue.stop()
      const restarted = await subject.another()
      try {
        await restarted.define(INGEST)
        await restarted.work('ingest', async (payload) => void seen.push(payload))
        await vi.waitFor(() => expect(seen).toEqual([{ n: 1 }]), WAIT)
      } finally {
        await restarted.stop()
      }
    })
  })
}
