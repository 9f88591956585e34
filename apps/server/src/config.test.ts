import { describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import { loadConfig } from './config.ts'

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      baseUrl: undefined,
      edition: 'self-hosted',
    })
  })

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      CAIRN_DATA_DIR: '/var/lib/cairn',
      DATABASE_URL: 'postgres://127.0.0.1/cairn',
      CAIRN_BASE_URL: 'https://registry.example.com',
      CAIRN_EDITION: 'hosted',
    })
    expect(config).toMatchObject({ port: 9000, dataDir: '/var/lib/cairn', edition: 'hosted' })
    expect(config.baseUrl?.href).toBe('https://registry.example.com/')
  })

  it('names every bad variable at once', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CAIRN_BASE_URL: 'nope', CAIRN_EDITION: 'cloud' }),
    ).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*CAIRN_BASE_URL[\s\S]*CAIRN_EDITION/)
  })
})
