import { describe, expect, it } from 'vitest'
import { tagVersions } from './tag-versions.ts'

const ref = (name: string, commitSha = `sha-${name}`) => ({ name, commitSha })

describe('tagVersions', () => {
  it('publishes semver tags, with or without v, in version order, and ignores the rest', () => {
    const versions = tagVersions([ref('v1.10.0'), ref('latest'), ref('1.2.0'), ref('v2.0.0-rc.1'), ref('release-3'), ref('v1.2')])
    expect(versions).toEqual([
      { version: '1.2.0', tag: '1.2.0', commitSha: 'sha-1.2.0' },
      { version: '1.10.0', tag: 'v1.10.0', commitSha: 'sha-v1.10.0' },
      { version: '2.0.0-rc.1', tag: 'v2.0.0-rc.1', commitSha: 'sha-v2.0.0-rc.1' },
    ])
  })

  it('publishes a version two tags name once, from the same tag whatever their order', () => {
    const expected = [{ version: '1.0.0', tag: '1.0.0', commitSha: 'a' }]
    expect(tagVersions([ref('v1.0.0', 'b'), ref('1.0.0', 'a')])).toEqual(expected)
    expect(tagVersions([ref('1.0.0', 'a'), ref('v1.0.0', 'b')])).toEqual(expected)
  })

  it('counts only tags with the prefix, stripped before the semver check', () => {
    const tags = [ref('vpc/v1.0.0'), ref('subnet/v1.0.0'), ref('v9.0.0'), ref('vpc/next')]
    expect(tagVersions(tags, 'vpc/')).toEqual([{ version: '1.0.0', tag: 'vpc/v1.0.0', commitSha: 'sha-vpc/v1.0.0' }])
    expect(tagVersions(tags, 'subnet/').map(({ tag }) => tag)).toEqual(['subnet/v1.0.0'])
  })
})
