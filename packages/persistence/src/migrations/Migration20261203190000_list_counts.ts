import { Migration } from '@mikro-orm/migrations'

/**
 * A counted table: its counts table, the columns the counts are kept by (each a `text` or
 * `boolean` expression over a row of the table, `key` its name in the counts table), and the
 * counts table's column definitions.
 */
interface Counted {
  readonly table: string
  readonly counts: string
  readonly keys: readonly { readonly key: string; readonly of: string; readonly type: string }[]
}

const COUNTED: readonly Counted[] = [
  {
    table: 'users',
    counts: 'user_counts',
    keys: [
      { key: 'is_site_admin', of: 'is_site_admin', type: 'boolean' },
      { key: 'is_suspended', of: 'is_suspended', type: 'boolean' },
    ],
  },
  {
    table: 'workspaces',
    counts: 'workspace_counts',
    keys: [
      { key: 'organization_name', of: 'organization_name', type: 'varchar(255) collate "C"' },
      // '' for a workspace without a run yet: a key column cannot be null.
      { key: 'current_run_status', of: `coalesce(current_run_status, '')`, type: 'text' },
    ],
  },
  {
    table: 'registry_modules',
    counts: 'registry_module_counts',
    keys: [
      { key: 'organization_name', of: 'organization_name', type: 'varchar(255) collate "C"' },
      { key: 'registry_name', of: 'registry_name', type: 'text' },
      { key: 'provider', of: 'provider', type: 'varchar(255) collate "C"' },
    ],
  },
]

/**
 * The statements that keep `counted.counts` equal to the rows of `counted.table` by key: one
 * statement-level trigger per kind of change (with its transition tables, so that an insert of
 * 100,000 rows updates each count once, not 100,000 times), in the writing transaction; a change that moves no row to another key (most
 * updates) takes no lock on the counts. Keys are
 * updated in key order, so two transactions wait for each other rather than deadlock. The
 * triggers fire always, also under `session_replication_role = replica` (how the ORM clears a
 * database for tests), and a truncate empties the counts.
 */
function countedStatements({ table, counts, keys }: Counted): string[] {
  const names = keys.map(({ key }) => key).join(', ')
  const grouped = (rows: string, sign: string) =>
    `select ${keys.map(({ of, key }) => `${of} as ${key}`).join(', ')}, ${sign}count(*) as delta from ${rows} group by ${names}`
  const apply = (changes: string) =>
    `insert into ${counts} (${names}, count)
       select ${names}, sum(delta) from (${changes}) changes group by ${names} having sum(delta) <> 0 order by ${names}
       on conflict (${names}) do update set count = ${counts}.count + excluded.count;`
  const fn = `${counts}_keep`
  return [
    `create table "${counts}" (${keys.map(({ key, type }) => `"${key}" ${type} not null`).join(', ')}, "count" bigint not null, primary key (${names}));`,
    `insert into "${counts}" (${names}, count) ${grouped(`"${table}"`, '')};`,
    // `from current`: the schema the migrations run in, where both tables are, whatever the search path of a later writer.
    `create function "${fn}"() returns trigger language plpgsql set search_path from current as $$
      begin
        if tg_op = 'INSERT' then ${apply(grouped('new_rows', ''))}
        elsif tg_op = 'DELETE' then ${apply(grouped('old_rows', '-'))}
        elsif tg_op = 'UPDATE' then ${apply(`${grouped('new_rows', '')} union all ${grouped('old_rows', '-')}`)}
        else delete from ${counts};
        end if;
        return null;
      end $$;`,
    `create trigger "${table}_counts_insert" after insert on "${table}" referencing new table as new_rows for each statement execute function "${fn}"();`,
    `create trigger "${table}_counts_update" after update on "${table}" referencing old table as old_rows new table as new_rows for each statement execute function "${fn}"();`,
    `create trigger "${table}_counts_delete" after delete on "${table}" referencing old table as old_rows for each statement execute function "${fn}"();`,
    `create trigger "${table}_counts_truncate" after truncate on "${table}" for each statement execute function "${fn}"();`,
    ...['insert', 'update', 'delete', 'truncate'].map((op) => `alter table "${table}" enable always trigger "${table}_counts_${op}";`),
  ]
}

/**
 * Counts the management lists read on every page instead of counting their tables (issue 39):
 * users by kind, workspaces by organization and current-run status, modules by organization,
 * registry and provider. And trigram indexes for the module list's search, as the initial
 * migration made for users and workspaces.
 */
export class Migration20261203190000_list_counts extends Migration {
  override name = 'Migration20261203190000_list_counts'

  override up(): void | Promise<void> {
    for (const counted of COUNTED) for (const statement of countedStatements(counted)) this.addSql(statement)
    // As in the initial migration: the operator class qualified with pg_trgm's schema.
    this.addSql(`do $$
      declare trgm text := (select quote_ident(n.nspname) from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm');
      begin
        execute format('create index "registry_modules_name_trgm_index" on "registry_modules" using gin ("name" %s.gin_trgm_ops)', trgm);
        execute format('create index "registry_modules_namespace_trgm_index" on "registry_modules" using gin ("namespace" %s.gin_trgm_ops)', trgm);
        execute format('create index "registry_modules_provider_trgm_index" on "registry_modules" using gin ("provider" %s.gin_trgm_ops)', trgm);
      end $$;`)
  }

  override down(): void | Promise<void> {
    this.addSql(
      `drop index "registry_modules_name_trgm_index", "registry_modules_namespace_trgm_index", "registry_modules_provider_trgm_index";`,
    )
    for (const { table, counts } of [...COUNTED].reverse()) {
      for (const op of ['insert', 'update', 'delete', 'truncate']) this.addSql(`drop trigger "${table}_counts_${op}" on "${table}";`)
      this.addSql(`drop function "${counts}_keep"();`)
      this.addSql(`drop table "${counts}";`)
    }
  }
}
