import { renderApiReference } from '@scalar/client-side-rendering'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** Where the page finds what it loads, and the nonce its script tags carry. */
export interface ApiDocsPageRequest {
  /** The OpenAPI document the page renders. */
  readonly documentUrl: string
  /** Where the server serves `script()`. */
  readonly scriptUrl: string
  /** The Content-Security-Policy nonce of this response. */
  readonly nonce: string
  readonly title: string
}

/** The API reference page: its HTML, and the one script it loads, both served by Cairn. */
export interface ApiDocs {
  /** The page for one request; every script tag carries `request.nonce`. */
  html(request: ApiDocsPageRequest): string
  /** Scalar's standalone bundle (about 4 MiB), read at the first call and kept. */
  script(): Promise<Uint8Array<ArrayBuffer>>
}

/** Scalar's standalone bundle, as installed: the page loads it from Cairn, never a CDN. */
const SCRIPT_FILE = join(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), 'browser', 'standalone.js')

/**
 * Cairn's API reference page, rendered by Scalar in the browser, for `createCairn({ apiDocs: apiDocs() })`.
 * Nothing on it calls Scalar's services (fonts, telemetry, the AI chat): the page is for a private network.
 */
export function apiDocs(): ApiDocs {
  let script: Promise<Uint8Array<ArrayBuffer>> | undefined
  return {
    html: ({ documentUrl, scriptUrl, nonce, title }) =>
      renderApiReference({
        config: {
          url: documentUrl,
          withDefaultFonts: false,
          telemetry: false,
          mcp: { disabled: true },
          // The "Ask AI" chat, which Scalar shows on localhost without a key.
          agent: { disabled: true },
          showDeveloperTools: 'never',
        },
        pageTitle: title,
        cdn: scriptUrl,
        nonce,
      }),
    script: () => (script ??= readFile(SCRIPT_FILE).then((bytes) => new Uint8Array(bytes))),
  }
}
