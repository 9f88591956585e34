import { Hono } from 'hono'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'

function asset(file: string, type: string) {
  const body = readFileSync(new URL(`../static/${file}`, import.meta.url))
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12)
  return { body, type, path: `/app/static/${hash}/${file}` }
}

// The content hash is in the path: a changed file has a new URL, so browsers may keep each for a year.
const ASSETS = {
  js: asset('app.js', 'text/javascript; charset=utf-8'),
  css: asset('app.css', 'text/css; charset=utf-8'),
  icon: asset('favicon.svg', 'image/svg+xml'),
}

export const STATIC_PATHS = { js: ASSETS.js.path, css: ASSETS.css.path, icon: ASSETS.icon.path }

/** What browsers ask for at `/favicon.ico` when a page names no icon (an API page, a JSON answer). */
const FAVICON_ICO = readFileSync(new URL('../static/favicon.ico', import.meta.url))

/**
 * The page script, style sheet and icon, cacheable for good; and `/favicon.ico`, which keeps its
 * name, so is cached for 30 days only. Mounted at /app; the host app also hands this app
 * `/favicon.ico` at its root.
 */
export function staticRoutes() {
  const app = new Hono()
  for (const { body, type, path } of Object.values(ASSETS)) {
    app.get(path.slice('/app'.length), (c) => {
      c.header('Content-Type', type)
      c.header('Cache-Control', 'public, max-age=31536000, immutable')
      return c.body(new Uint8Array(body))
    })
  }
  app.get('/favicon.ico', (c) => {
    c.header('Content-Type', 'image/x-icon')
    c.header('Cache-Control', 'public, max-age=2592000')
    return c.body(new Uint8Array(FAVICON_ICO))
  })
  return app
}
