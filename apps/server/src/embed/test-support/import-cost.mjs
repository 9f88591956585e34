/* global process, console, performance, Request */
// What importing Cairn costs a host, in plain JavaScript against the packed packages:
//   node import-cost.mjs memory
// imports @cairn/server, opens it on the memory store, answers one request and closes it, then
// prints one JSON line: the time the import took, the modules loaded (ES and CommonJS) and the
// packages they belong to. Run by published-packages.int.test.ts.
import { registerHooks } from 'node:module'

const loaded = new Set()
registerHooks({
  load(url, context, nextLoad) {
    loaded.add(url)
    return nextLoad(url, context)
  },
})

const [store] = process.argv.slice(2)
if (store !== 'memory') throw new Error(`usage: node import-cost.mjs memory (got ${store})`)
const rssBefore = process.memoryUsage().rss
const started = performance.now()
const { createCairn } = await import('@cairn/server')
const importMs = performance.now() - started
const cairn = await createCairn({ store: { kind: 'memory' } })
const ping = await cairn.fetch(new Request('http://host.test/api/v2/ping'))
const rssMiB = (process.memoryUsage().rss - rssBefore) / 2 ** 20
await cairn.close()

/** The package a loaded file belongs to (`@scope/name` or `name`), `node:` for built-ins. */
function packageOf(url) {
  if (url.startsWith('node:')) return 'node:'
  const names = [...url.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)]
  return names.at(-1)?.[1] ?? url
}
const packages = [...new Set([...loaded].map(packageOf))].sort()
console.log(
  JSON.stringify({ ping: ping.status, importMs: Math.round(importMs), rssMiB: Math.round(rssMiB), modules: loaded.size, packages }),
)
