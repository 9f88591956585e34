import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterEach, expect, test, vi } from 'vitest'
import { isoTimeOncePerMillisecond } from './logger.ts'

const LOGGER = fileURLToPath(new URL('./logger.ts', import.meta.url))

afterEach(() => {
  vi.useRealTimers()
})

test('the time field is the ISO time of the current millisecond, as pino writes it', () => {
  vi.useFakeTimers({ now: Date.parse('2026-11-25T00:01:02.345Z') })
  const time = isoTimeOncePerMillisecond()
  expect(time()).toBe(',"time":"2026-11-25T00:01:02.345Z"')
  expect(time()).toBe(',"time":"2026-11-25T00:01:02.345Z"')
  vi.advanceTimersByTime(1)
  expect(time()).toBe(',"time":"2026-11-25T00:01:02.346Z"')
  vi.advanceTimersByTime(3_600_000)
  expect(time()).toBe(',"time":"2026-11-25T01:01:02.346Z"')
})

test('lines written asynchronously are all out when the process exits at once, as it does after a failed start', async () => {
  const script = `
    const { createLogger } = await import(process.env.LOGGER)
    const logger = createLogger('info')
    for (let line = 0; line < 1000; line++) logger.info({ line }, 'request')
    logger.warn('stopping')
    process.exit(3)
  `
  const run = promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, LOGGER } })
  const failed = await run.then(
    () => undefined,
    (error: unknown) => error,
  )
  const { code, stdout } = failed as { code: number; stdout: string }
  expect(code).toBe(3)
  const lines = stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { line?: number; msg: string })
  expect(lines).toHaveLength(1001)
  expect(lines.slice(0, 1000).map((line) => line.line)).toEqual([...Array(1000).keys()])
  expect(lines.at(-1)?.msg).toBe('stopping')
})

test('a planned exit waits for every line, the ones already being written too', async () => {
  // \`process.reallyExit\` skips the exit hooks: only what \`endLogs\` waited for is out.
  const script = `
    const { createLogger, endLogs } = await import(process.env.LOGGER)
    const logger = createLogger('info')
    for (let line = 0; line < 20000; line++) logger.info({ line, padding: 'x'.repeat(100) }, 'request')
    await endLogs(logger)
    process.reallyExit(0)
  `
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, LOGGER },
    maxBuffer: 64 * 1024 * 1024,
  })
  const lines = stdout
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { line: number }).line)
  expect(lines).toEqual([...Array(20000).keys()])
})

test('a request line is the line pino writes for the same fields, and follows the level', async () => {
  const script = `
    const { createLogger, logServedRequest } = await import(process.env.LOGGER)
    const logger = createLogger('info')
    const request = { requestId: 'req-1.a:b', method: 'GET', route: '/api/v2/organizations/:name', status: 200, durationMs: 1.2345 }
    logServedRequest(logger)(request)
    logger.child({}, { redact: [] }).info({ ...request, durationMs: 1.2 }, 'request')
    logServedRequest(logger)({ ...request, route: 'unmatched', status: 404, durationMs: 0.04 })
    logger.level = 'warn'
    logServedRequest(logger)(request)
  `
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, LOGGER } })
  const lines = stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
  expect(lines).toHaveLength(3)
  for (const line of lines) expect(line['time']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  for (const line of lines) line['time'] = 'a time'
  const [ours, pinos, unmatched] = lines
  expect(ours).toEqual(pinos)
  expect(ours).toMatchObject({
    level: 30,
    pid: expect.any(Number),
    hostname: expect.any(String),
    requestId: 'req-1.a:b',
    method: 'GET',
    route: '/api/v2/organizations/:name',
    status: 200,
    durationMs: 1.2,
    msg: 'request',
  })
  expect(Object.keys(ours ?? {})).toEqual(Object.keys(pinos ?? {}))
  expect(unmatched).toMatchObject({ route: 'unmatched', status: 404, durationMs: 0 })
})
