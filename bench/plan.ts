/** The sections `pnpm bench` runs, in the order it runs them when none is named. */
export const SECTIONS = [
  'uploads',
  'memory',
  'throughput',
  'protocol',
  'management',
  'large-lists',
  'read-memory',
  'vcs',
  'web',
  'scaling',
  'providers',
  'oci',
  'mirror',
] as const
export type Section = (typeof SECTIONS)[number]

/** How many times each thing is done; small enough for a run of a few minutes on two cores. */
export const PLAN = {
  referenceRequests: 2000,
  typical: { runs: 20, warmups: 2 },
  thousandFiles: { runs: 5, warmups: 1 },
  memory: { servers: 3, runsPerServer: 2, scalingBlobs: 24 },
  toolVersions: 50,
  loadSeconds: 5,
  loadConnections: 10,
  protocol: { size: { modules: 10_000, versionsPerModule: 10 }, hotModules: 100, connections: 32, seconds: 5, rounds: 3 },
  management: { connections: 32, seconds: 5 },
  largeLists: { size: { users: 100_000, workspaces: 50_000, organizations: 200, modules: 10_000 }, connections: 16, seconds: 5 },
  readMemory: { connections: 32, minutes: 5, periodSeconds: 30 },
  vcs: { tags: 100, uploadRuns: 10 },
  web: { size: { modules: 10_000, versionsPerModule: 10 }, requests: 300, warmup: 30 },
  scaling: { size: { modules: 10_000, versionsPerModule: 10 }, connections: 32, seconds: 5 },
  providers: {
    size: { providers: 100, versionsPerProvider: 10, platforms: ['linux/amd64', 'darwin/arm64'] },
    seedConcurrency: 8,
    connections: 32,
    seconds: 5,
    rounds: 3,
    binaryMiB: 200,
    binaryRuns: 2,
  },
  oci: { versions: 20, connections: 32, seconds: 5, rounds: 3 },
  mirror: { providers: 50, versionsPerProvider: 10, connections: 32, seconds: 5, rounds: 3, pullMiB: 200 },
} as const
