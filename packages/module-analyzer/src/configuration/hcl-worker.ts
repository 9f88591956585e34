/**
 * The body of a parser thread (run by piscina): one `@cdktf/hcl2json` WebAssembly instance,
 * parsing one file at a time. Kept free of workspace imports so that Node loads it directly.
 */
import { parse } from '@cdktf/hcl2json'

/** What the main thread asks for. */
export interface HclTask {
  readonly path: string
  readonly source: string
}

/** The parsed document, or the parser's diagnostics for a file that does not parse. */
export type HclOutcome = { readonly document: unknown } | { readonly diagnostics: string }

export default async function parseHcl({ path, source }: HclTask): Promise<HclOutcome> {
  try {
    return { document: (await parse(path, source)) as unknown }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (message.startsWith('parse config:')) return { diagnostics: message }
    // Anything else came from the runtime, not the file: a Go runtime that faulted once does not
    // recover, so this thread ends and the pool starts a fresh one for the next file.
    process.exit(1)
  }
}
