import { tarGz } from '@cairn/test-fixtures'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { describe, expect, it } from 'vitest'
import { DEFAULT_ARCHIVE_LIMITS } from './analyzer-options.ts'
import { useAnalyzers } from './test-support/analyzers.ts'
import { useTempRoot } from './test-support/temp-root.ts'

const tempRoot = useTempRoot()
const newAnalyzer = useAnalyzers()

/** `main.tf` just under the largest configuration file accepted: about a second of parsing. */
function largestConfiguration(): string {
  const variables = []
  let size = 0
  for (let i = 0; ; i++) {
    const variable = `variable "v${i}" {\n  default = [${i}, "${i}"]\n}\n`
    if (size + variable.length > DEFAULT_ARCHIVE_LIMITS.maxConfigurationFileBytes) break
    variables.push(variable)
    size += variable.length
  }
  return variables.join('')
}

describe('TarModuleAnalyzer parses off the event loop', () => {
  it('keeps the loop responsive while a 512 KiB file is parsed', async () => {
    const main = largestConfiguration()
    const analyzer = newAnalyzer({ maxDeclarationsPerPart: 20_000, tempRoot: tempRoot().path })
    // Start the parser thread first: loading the WebAssembly module is not what is measured.
    await analyzer.analyze(tarGz([{ path: 'main.tf', body: 'variable "a" {}\n' }]))
    const delay = monitorEventLoopDelay({ resolution: 10 })
    const started = performance.now()
    delay.enable()
    const metadata = await analyzer.analyze(tarGz([{ path: 'main.tf', body: main }]))
    delay.disable()
    const elapsedMs = performance.now() - started
    expect(metadata.root.inputs.length).toBeGreaterThan(10_000)
    // Parsed on the loop, the loop stalls for the whole analysis (over a second); off it, only while
    // the result is read (~45 ms on an idle machine). Measured against the analysis's own duration,
    // so that a loaded machine, which slows both, does not decide the outcome.
    expect(delay.max / 1e6).toBeLessThan(Math.max(200, elapsedMs / 4))
    expect(delay.max / 1e6).toBeLessThan(elapsedMs / 2)
  }, 30_000)
})
