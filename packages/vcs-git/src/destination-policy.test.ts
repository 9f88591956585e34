import { describe, expect, it } from 'vitest'
import { allowedHostProblem, DestinationPolicy, splitAllowedHosts } from './destination-policy.ts'

const INTERNAL = [
  '127.0.0.1',
  '127.255.255.254',
  '0.0.0.0',
  '10.1.2.3',
  '100.64.0.1',
  '169.254.169.254',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '198.18.0.1',
  '224.0.0.1',
  '255.255.255.255',
  '::',
  '::1',
  '::7f00:1',
  'fe80::1',
  'fc00::1',
  'fd12:3456::1',
  'ff02::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:169.254.169.254',
  '::ffff:10.0.0.1',
  '64:ff9b::7f00:1',
  '64:ff9b::a9fe:a9fe',
  '::ffff:0:7f00:1',
  '::ffff:0:a9fe:a9fe',
  '2002:7f00:1::',
  '2002:a9fe:a9fe::1',
  '2002:c0a8:101:1::1',
  '2001:0:a9fe:a9fe::1',
  '2001:0:4136:e378:8000:63bf:f5ff:fffe',
]
const PUBLIC = [
  '8.8.8.8',
  '140.82.112.3',
  '172.32.0.1',
  '100.128.0.1',
  '2606:4700::1111',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '::ffff:0:808:808',
  '2002:808:808::1',
  '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
  '2001:4860::8888',
]

describe('DestinationPolicy', () => {
  const none = new DestinationPolicy()

  it('refuses every internal address, in any IPv6 form of an IPv4 one, and permits the internet', () => {
    expect(INTERNAL.filter((address) => none.permits('git.example.com', 443, address))).toEqual([])
    expect(PUBLIC.filter((address) => !none.permits('git.example.com', 443, address))).toEqual([])
  })

  it('permits an internal address for a host name, host:port, address or range on the allow-list', () => {
    const policy = new DestinationPolicy(['git.corp', 'other.corp:8443', '10.0.0.0/8', '127.0.0.1', '[::1]:3000', 'fd00::/8'])
    expect(policy.permits('git.corp', 80, '192.168.1.5')).toBe(true)
    expect(policy.permits('GIT.CORP.', 80, '192.168.1.5')).toBe(true)
    expect(policy.permits('other.corp', 8443, '192.168.1.5')).toBe(true)
    expect(policy.permits('other.corp', 443, '192.168.1.5')).toBe(false)
    expect(policy.permits('anything', 443, '10.200.0.1')).toBe(true)
    expect(policy.permits('anything', 443, '::ffff:10.200.0.1')).toBe(true)
    expect(policy.permits('anything', 9, '127.0.0.1')).toBe(true)
    expect(policy.permits('anything', 9, '127.0.0.2')).toBe(false)
    expect(policy.permits('[::1]', 3000, '::1')).toBe(true)
    expect(policy.permits('[::1]', 3001, '::1')).toBe(false)
    expect(policy.permits('anything', 443, 'fd00::5')).toBe(true)
    expect(policy.permits('evil.example', 443, '169.254.169.254')).toBe(false)
  })

  it('names what is wrong with an entry that is no host, host:port or range', () => {
    for (const good of ['git.corp', 'git.corp:8443', '10.0.0.0/8', '::1', '[::1]:22', 'fd00::/8', '192.168.0.10', 'localhost']) {
      expect(allowedHostProblem(good)).toBeUndefined()
    }
    for (const bad of [
      'http://git.corp',
      'git.corp/path',
      '*.corp',
      'a b',
      '10.0.0.0/33',
      'git.corp:0',
      'git.corp:70000',
      'user@git.corp',
      '10.0.0.0/x',
      '',
    ]) {
      expect(allowedHostProblem(bad), bad).toMatch(/must be|port/)
    }
    expect(() => new DestinationPolicy(['*.corp'])).toThrow(TypeError)
  })

  it('splits the setting at commas, dropping blanks', () => {
    expect(splitAllowedHosts(' git.corp , 10.0.0.0/8,,')).toEqual(['git.corp', '10.0.0.0/8'])
  })
})
