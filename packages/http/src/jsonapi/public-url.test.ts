import type { Context } from 'hono'
import { describe, expect, it } from 'vitest'
import { appRoot, appRootText } from './public-url.ts'

const requestTo = (url: string) => ({ req: { url } }) as unknown as Context

describe('where the app is reached', () => {
  it('is the request’s origin, then the mount path', () => {
    expect(appRootText(requestTo('http://cairn.internal:8443/api/registry/v1/modules/a/b/c/versions?x=1'), {})).toBe(
      'http://cairn.internal:8443',
    )
    expect(appRootText(requestTo('https://cairn.internal/registry/api/v2/ping'), { basePath: '/registry' })).toBe(
      'https://cairn.internal/registry',
    )
  })

  it('drops the user and password of an absolute-form request target', () => {
    expect(appRootText(requestTo('http://user:secret@cairn.internal:8443/api/registry/v1/modules'), {})).toBe('http://cairn.internal:8443')
  })

  it('is the configured base URL when there is one, whatever the request said', () => {
    const deps = { baseUrl: new URL('https://registry.example.com/cairn/'), basePath: '/r' }
    expect(appRootText(requestTo('http://internal:8080/r/api/v2/ping'), deps)).toBe('https://registry.example.com/cairn/r')
    expect(appRoot(requestTo('http://internal:8080/r/api/v2/ping'), deps).href).toBe('https://registry.example.com/cairn/r/')
  })
})
