import { README_DESCRIPTION_READ_CHARS, readmeDescription } from '@cairn/core'
import { Migration } from '@mikro-orm/migrations'
import { tableOf } from '../repositories/module-query-parts.ts'
import { ModuleVersionSchema } from '../schema/module-version.schema.ts'

/** How many versions each statement of the backfill reads and writes. */
const PAGE = 500

export class Migration20261202150000_module_version_descriptions extends Migration {
  override name = 'Migration20261202150000_module_version_descriptions'

  /**
   * The versions' table, in the store's schema: `execute` runs at once, before the migrator sets
   * the schema that the statements `addSql` queues run in.
   */
  readonly #table = tableOf(this.config.get('schema'), ModuleVersionSchema)

  override async up(): Promise<void> {
    await this.execute(`alter table ${this.#table} add "description" text not null default '';`)
    await this.execute(`alter table ${this.#table} alter column "description" drop default;`)

    // What the application now writes beside the metadata, for the versions already stored. SQL
    // cannot read a README as the core does, so each is read here, a page at a time.
    let after: string | undefined = ''
    while (after !== undefined) after = await this.#describePage(after)
  }

  /** Describes the page of versions with a README whose ids follow `after`; the last id, or undefined when none was left. */
  async #describePage(after: string): Promise<string | undefined> {
    // Only as far as the core reads a README: they run to a MiB.
    const rows = await this.execute(
      `select "id", left("metadata" #>> '{root,readme}', ?) as "readme" from ${this.#table}
       where "id" > ? and "metadata" #>> '{root,readme}' is not null order by "id" limit ?;`,
      [README_DESCRIPTION_READ_CHARS, after, PAGE],
    )
    const descriptions = rows.map((row) => ({ id: String(row.id), description: readmeDescription(String(row.readme)) }))
    if (descriptions.length === 0) return undefined
    await this.execute(
      `update ${this.#table} as v set "description" = d."description"
       from jsonb_to_recordset(?::jsonb) as d("id" text, "description" text) where v."id" = d."id";`,
      [JSON.stringify(descriptions)],
    )
    return descriptions.at(-1)?.id
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "module_versions" drop column "description";`)
  }
}
