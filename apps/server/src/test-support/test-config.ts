import { loadConfig, type Config } from '../cli/config.ts'

/**
 * The configuration of a server a test starts inside its own process: `env`, with warnings and
 * errors logged only, since request lines on the test runner's output would drown its report.
 */
export function testConfig(env: Record<string, string>): Config {
  return loadConfig({ CAIRN_LOG_LEVEL: 'warn', ...env })
}
