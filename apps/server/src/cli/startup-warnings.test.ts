import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { startupWarnings } from './startup-warnings.ts'

describe('startupWarnings', () => {
  it('warns about a missing CAIRN_BASE_URL when TLS is on', () => {
    const config = loadConfig({ CAIRN_TLS_CERT: 'cert.pem', CAIRN_TLS_KEY: 'key.pem' })
    expect(startupWarnings(config)).toEqual([expect.stringContaining('CAIRN_BASE_URL is not set')])
  })

  it('warns about a missing CAIRN_BASE_URL on PostgreSQL', () => {
    expect(startupWarnings(loadConfig({ DATABASE_URL: 'postgres://127.0.0.1/cairn' }))).toHaveLength(1)
  })

  it('says nothing on the embedded default over plain HTTP, or when the base URL is set', () => {
    expect(startupWarnings(loadConfig({}))).toEqual([])
    const configured = loadConfig({ DATABASE_URL: 'postgres://127.0.0.1/cairn', CAIRN_BASE_URL: 'https://registry.example.com' })
    expect(startupWarnings(configured)).toEqual([])
  })
})
