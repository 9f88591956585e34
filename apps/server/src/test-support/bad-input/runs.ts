/**
 * How many cases each bad-input property tries, and from which seed. The runs are bounded and
 * seeded: a failure prints the seed and the path to replay it (`CAIRN_BAD_INPUT_SEED=<seed>` runs
 * another sequence).
 */
export const SEED = Number(process.env['CAIRN_BAD_INPUT_SEED'] ?? 20_261_121)
/** `CAIRN_BAD_INPUT_SCALE=10` multiplies every number of runs, to explore beyond the CI budget. */
const SCALE = Number(process.env['CAIRN_BAD_INPUT_SCALE'] ?? 1)
export const RUNS = { bodies: 200 * SCALE, paths: 120 * SCALE, queries: 60 * SCALE, uploads: 40 * SCALE }
export const PROPERTY_TIMEOUT = 120_000
