/** Configuration (environment variables or `createCairn` options) that cannot work; names every problem. */
export class ConfigError extends Error {
  /** Always `ConfigError`. */
  override readonly name = 'ConfigError'
}
