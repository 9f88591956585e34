import { setFlagsFromString } from 'node:v8'

/** A host that chose how V8 tiers WebAssembly keeps its choice. */
const TIERING_FLAG = /liftoff|wasm-tier-up|wasm-dynamic-tiering/

/**
 * Keeps WebAssembly compiled from now on at V8's baseline compiler (Liftoff), as `--liftoff-only`
 * does from the command line. PGlite is PostgreSQL compiled to a 9.7 MB module: with tier-up, V8
 * recompiles its hot functions with TurboFan in the background, which held 400–700 MiB for a
 * moment after every start and left an idle process about 40 MiB larger; Liftoff's code costs
 * about 11% more CPU per query. `--liftoff-only` itself cannot be set at run time (its
 * implications are applied only at V8's start), so the two flags it implies are set instead:
 * without dynamic tiering V8 would tier every function up eagerly, without tier-up none at all.
 * They apply to modules compiled after this call, process-wide: call it before PGlite starts.
 */
export function keepWasmAtBaselineTier(): void {
  const hostFlags = [...process.execArgv, process.env['NODE_OPTIONS'] ?? '']
  if (hostFlags.some((flag) => TIERING_FLAG.test(flag))) return
  setFlagsFromString('--no-wasm-dynamic-tiering')
  setFlagsFromString('--no-wasm-tier-up')
}
