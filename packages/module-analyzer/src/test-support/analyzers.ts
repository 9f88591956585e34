import { afterAll } from 'vitest'
import type { TarModuleAnalyzerOptions } from '../analyzer-options.ts'
import { TarModuleAnalyzer } from '../tar-module-analyzer.ts'

/**
 * Makes analyzers for the calling suite and closes them (ending their parser threads) after it;
 * call it at the suite's top level.
 */
export function useAnalyzers(): (options?: TarModuleAnalyzerOptions) => TarModuleAnalyzer {
  const made: TarModuleAnalyzer[] = []
  afterAll(async () => {
    await Promise.all(made.map((analyzer) => analyzer.close()))
  })
  return (options) => {
    const analyzer = new TarModuleAnalyzer(options)
    made.push(analyzer)
    return analyzer
  }
}
