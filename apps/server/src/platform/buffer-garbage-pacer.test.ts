import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'

const PACER = fileURLToPath(new URL('./buffer-garbage-pacer.ts', import.meta.url))
const MiB = 1024 * 1024

/**
 * A process that streams 256 MiB through 64 KiB chunks, as a socket read does, keeping none, and
 * prints the most memory its array buffers held at once (sampled every 5 ms).
 */
const STREAM = `
  const { paceBufferGarbage } = await import(process.env.PACER)
  const pacer = process.env.PACE === 'yes' ? paceBufferGarbage() : undefined
  let peak = 0
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().arrayBuffers) }, 5)
  for (let sent = 0; sent < 256 * 1024 * 1024; sent += 64 * 1024) {
    Buffer.allocUnsafeSlow(64 * 1024).fill(1)
    if (sent % (256 * 1024) === 0) await new Promise((resolve) => setTimeout(resolve, 1))
  }
  clearInterval(sampler)
  pacer?.stop()
  console.log(peak)
`

async function peakArrayBuffers(pace: boolean): Promise<number> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--input-type=module', '-e', STREAM], {
    env: { ...process.env, PACER, PACE: pace ? 'yes' : 'no' },
  })
  return Number(stdout.trim())
}

test('streamed buffers are collected as they pile up, not when V8 next feels external-memory pressure', async () => {
  const [paced, unpaced] = await Promise.all([peakArrayBuffers(true), peakArrayBuffers(false)])
  // V8 collects them itself once they pass about 64 MiB; the pacer every 8 MiB, give or take a 20 ms look.
  expect(unpaced).toBeGreaterThan(48 * MiB)
  expect(paced).toBeLessThan(32 * MiB)
})

test('without --expose-gc there is no pacer to start', async () => {
  const { paceBufferGarbage } = await import('./buffer-garbage-pacer.ts')
  expect(globalThis.gc).toBeUndefined()
  expect(paceBufferGarbage()).toBeUndefined()
})
