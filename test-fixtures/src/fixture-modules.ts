import { fileURLToPath } from 'node:url'

/** The sample modules under `test-fixtures/modules/`. */
export type FixtureModule = 'network' | 'minimal'

/**
 * The directory of a sample module. `network` has every kind of variable, sensitive inputs and
 * outputs, resources and data sources, required providers in both forms, module calls, a
 * `.tf.json` file, submodules (one in JSON only, one without configuration) and examples;
 * `minimal` is one `main.tf`.
 */
export function fixtureModule(name: FixtureModule): string {
  return fileURLToPath(new URL(`../modules/${name}`, import.meta.url))
}
