import { Hono } from 'hono'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'

function asset(file: string, type: string) {
  const body = readFileSync(new URL(`../static/${file}`, import.meta.url))
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12)
  return { body, type, path: `/app/static/${hash}/${file}` }
}

// The content hash is in the path: a changed file has a new URL, so browsers may keep each for a year.
const ASSETS = { js: asset('app.js', 'text/javascript; charset=utf-8'), css: asset('app.css', 'text/css; charset=utf-8') }

export const STATIC_PATHS = { js: ASSETS.js.path, css: ASSETS.css.path }

/** The page script and style sheet, cacheable for good. Mounted at /app. */
export function staticRoutes() {
  const app = new Hono()
  for (const { body, type, path } of Object.values(ASSETS)) {
    app.get(path.slice('/app'.length), (c) => {
      c.header('Content-Type', type)
      c.header('Cache-Control', 'public, max-age=31536000, immutable')
      return c.body(new Uint8Array(body))
    })
  }
  return app
}
