import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import { describeSent, MODULE, type Actor, type Answer, type Sent, type World } from './sent.ts'

/** What reading the stored state takes: a way to send requests, what the setup created, and the blob store's directory. */
export interface StateReader {
  readonly world: World
  readonly dataDir: string
  readonly send: (sent: Sent) => Promise<Answer>
}

/** The files of the blob store. */
export function blobFiles(dataDir: string): string[] {
  const root = join(dataDir, 'blobs')
  return readdirSync(root, { recursive: true })
    .map(String)
    .filter((name) => statSync(join(root, name)).isFile())
}

/**
 * What changes by reading: each read signs a fresh upload link, and a token's last use (the
 * snapshot's own reads use the tokens) is written whenever the download counts are flushed.
 */
const UNSTABLE_KEYS = new Set(['upload', 'last-used-at'])

/**
 * Everything a client can observe, read as the administrator and the owner, but `UNSTABLE_KEYS`.
 */
export async function snapshot({ world, dataDir, send }: StateReader): Promise<string> {
  const reads: [string, Actor][] = [
    ['/api/v2/admin/users?include=organizations&page%5Bsize%5D=100', 'admin'],
    ['/api/v2/admin/workspaces?include=organization,organization.owners,current_run&page%5Bsize%5D=100', 'admin'],
    ['/api/v2/admin/tool-versions?page%5Bsize%5D=100', 'admin'],
    ['/api/v2/admin/audit-events?page%5Bsize%5D=100', 'admin'],
    ['/api/v2/organizations?page%5Bsize%5D=100', 'owner'],
    ['/api/v2/organizations/acme', 'owner'],
    ['/api/v2/organizations/acme/teams?page%5Bsize%5D=100', 'owner'],
    [`/api/v2/teams/${world.teamId}`, 'owner'],
    ['/api/v2/organizations/acme/organization-memberships?page%5Bsize%5D=100', 'owner'],
    ['/api/v2/organizations/acme/workspaces?page%5Bsize%5D=100', 'owner'],
    [`/api/v2/workspaces/${world.workspaceId}/runs?page%5Bsize%5D=100`, 'owner'],
    ['/api/v2/organizations/acme/registry-modules?page%5Bsize%5D=100', 'owner'],
    [`${MODULE}/version?module_version=1.0.0`, 'owner'],
    [`/api/v2/users/${world.ownerId}/authentication-tokens`, 'owner'],
    [`/api/v2/users/${world.adminId}/authentication-tokens`, 'admin'],
  ]
  const documents: Record<string, unknown> = {}
  for (const [path, as] of reads) {
    const answer = await send({ label: 'snapshot', method: 'GET', path, as })
    documents[path] =
      answer.status === 200 ? JSON.parse(answer.text, (key, value: unknown) => (UNSTABLE_KEYS.has(key) ? undefined : value)) : answer.status
  }
  documents['blobs'] = blobFiles(dataDir).sort()
  return JSON.stringify(documents, null, 1)
}

/**
 * Compares what is stored with the baseline every `every` requests (a snapshot costs ~15 reads,
 * too many to take after each request) and at the end. The first window after which the state
 * differs is kept, with the requests sent in it, so that a change points at a handful of them.
 */
export function stateWatch(reader: StateReader & { readonly baseline: string }, every: number) {
  const { baseline } = reader
  let window: Sent[] = []
  let change: { requests: Sent[]; difference: string[] } | undefined
  const compare = async () => {
    const requests = window
    window = []
    if (change !== undefined || requests.length === 0) return
    const now = await snapshot(reader)
    if (now === baseline) return
    const before = new Set(baseline.split('\n'))
    const after = new Set(now.split('\n'))
    const difference = [
      ...[...before].filter((line) => !after.has(line)).map((line) => `- ${line}`),
      ...[...after].filter((line) => !before.has(line)).map((line) => `+ ${line}`),
    ]
    change = { requests, difference }
  }
  return {
    async record(request: Sent) {
      window.push(request)
      if (window.length >= every) await compare()
    },
    async assertUnchanged() {
      await compare()
      const message = change && [
        'the stored state changed during one of these requests (all of which were refused or read only):',
        ...change.requests.map(describeSent),
        'difference:',
        ...change.difference.slice(0, 60).map((line) => line.slice(0, 300)),
      ]
      expect(message?.join('\n')).toBeUndefined()
    },
  }
}
