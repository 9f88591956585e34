import { Migration } from '@mikro-orm/migrations'

/** `expression` when it is a JSON array, else an empty one: stored requirements hold null where metadata had none. */
const arrayOr = (expression: string) => `coalesce(case jsonb_typeof(${expression}) when 'array' then ${expression} end, '[]'::jsonb)`

/** One part's requirements (a `StoredPartRequirements`) as the protocol lists them. */
const part = (stored: string) =>
  `jsonb_build_object('providers', ${arrayOr(`${stored} -> 'providerRequirements'`)}, 'dependencies', ${arrayOr(`${stored} -> 'moduleCalls'`)})`

/** A version `v` as the protocol's `versions` answer lists it (`versionsJson` in the core). */
const ELEMENT = `jsonb_build_object(
  'version', v.version,
  'root', ${part(`v.requirements -> 'root'`)},
  'submodules', coalesce((select jsonb_agg(jsonb_build_object('path', s -> 'path') || ${part('s')} order by n)
    from jsonb_array_elements(${arrayOr(`v.requirements -> 'submodules'`)}) with ordinality as e(s, n)), '[]'::jsonb),
  'deprecation', null)`

/**
 * The `versions` answer's list of each module provider that serves a version, kept in the
 * transaction of every change to its versions (issue 39): a miss of the protocol's cache reads
 * one row of text, where it read each version's requirements as JSON and made the answer again.
 *
 * `module_protocol_documents_write` writes the documents of the module providers given. The
 * rows of those modules are locked first, in id order, so that two transactions changing one
 * module's versions take turns and the second, under READ COMMITTED, writes from what the first
 * committed (under SERIALIZABLE, which the unit of work uses, one of them would fail and retry).
 * A document is only rewritten when it changed: most updates of a version (an attempt's state,
 * `updated_at`) change nothing the protocol shows.
 */
const WRITE = `create function "module_protocol_documents_write"(changed text[]) returns void language plpgsql set search_path from current as $$
  begin
    perform 1 from registry_modules m join unnest(changed) as c(id) on m.id = c.id order by m.id for no key update of m;
    delete from module_protocol_documents d using unnest(changed) as c(id)
      where d.module_id = c.id and not exists (select 1 from module_versions v where v.module_id = c.id and v.archive_blob_key is not null);
    insert into module_protocol_documents (module_id, versions)
      select v.module_id, jsonb_agg(${ELEMENT} order by v.created_at, v.id)::text
      from unnest(changed) as c(id) join module_versions v on v.module_id = c.id
      where v.archive_blob_key is not null
      group by v.module_id order by v.module_id
      on conflict (module_id) do update set versions = excluded.versions
      where module_protocol_documents.versions is distinct from excluded.versions;
  end $$;`

/**
 * After each statement on `module_versions`, with its transition tables: an insert of a million
 * versions writes each module's document once. It fires always, also under
 * `session_replication_role = replica`, and a truncate empties the documents.
 */
const KEEP = `create function "module_protocol_documents_keep"() returns trigger language plpgsql set search_path from current as $$
  begin
    if tg_op = 'INSERT' then perform module_protocol_documents_write(array(select distinct module_id from new_rows));
    elsif tg_op = 'DELETE' then perform module_protocol_documents_write(array(select distinct module_id from old_rows));
    elsif tg_op = 'UPDATE' then
      perform module_protocol_documents_write(array(select module_id from new_rows union select module_id from old_rows));
    else delete from module_protocol_documents;
    end if;
    return null;
  end $$;`

const OPERATIONS = ['insert', 'update', 'delete', 'truncate'] as const

export class Migration20261204_150000_module_protocol_documents extends Migration {
  override name = 'Migration20261204_150000_module_protocol_documents'

  override up(): void | Promise<void> {
    this.addSql(`create table "module_protocol_documents" (
      "module_id" varchar(255) collate "C" not null primary key references "registry_modules" ("id") on delete cascade,
      "versions" text not null);`)
    this.addSql(WRITE)
    this.addSql(KEEP)
    const transitions = {
      insert: 'referencing new table as new_rows',
      update: 'referencing old table as old_rows new table as new_rows',
      delete: 'referencing old table as old_rows',
      truncate: '',
    }
    for (const operation of OPERATIONS) {
      this.addSql(`create trigger "module_versions_documents_${operation}" after ${operation} on "module_versions" ${transitions[operation]}
        for each statement execute function "module_protocol_documents_keep"();`)
      this.addSql(`alter table "module_versions" enable always trigger "module_versions_documents_${operation}";`)
    }
    this.addSql(`select module_protocol_documents_write(array(select distinct module_id from module_versions));`)
  }

  override down(): void | Promise<void> {
    for (const operation of OPERATIONS) this.addSql(`drop trigger "module_versions_documents_${operation}" on "module_versions";`)
    this.addSql(`drop function "module_protocol_documents_keep"();`)
    this.addSql(`drop function "module_protocol_documents_write"(text[]);`)
    this.addSql(`drop table "module_protocol_documents";`)
  }
}
