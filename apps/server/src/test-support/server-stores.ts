import { scratchDatabase } from '@cairn/persistence/testing'

/** The environment a server needs for its store, and how to drop that store afterwards. */
export interface ServerStore {
  readonly env: Record<string, string>
  readonly drop: () => Promise<void>
}

/** Where Cairn keeps its data, for `describe.each`: the embedded database, or a PostgreSQL database of the test's own. */
export const SERVER_STORES: readonly (readonly [string, () => Promise<ServerStore>])[] = [
  ['the embedded database', async () => ({ env: {}, drop: async () => undefined })],
  [
    'PostgreSQL',
    async () => {
      const database = await scratchDatabase()
      return { env: { DATABASE_URL: database.url }, drop: database.drop }
    },
  ],
]
