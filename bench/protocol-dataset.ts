import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { CHANGE_POLL_MS } from '../packages/persistence/src/postgres-store-changes.ts'

const run = promisify(execFile)

/** How big the registry is: `modules` providers of `versionsPerModule` ok versions each. */
export interface DatasetSize {
  readonly modules: number
  readonly versionsPerModule: number
}

/** Module `i`'s name (`m00042`), so that requests can pick any of them. */
export const moduleName = (i: number) => `m${String(i).padStart(5, '0')}`

/**
 * Copies the first version stored (uploaded and analysed through the API, so its archive and
 * metadata are genuine) into `size.modules` new module providers of `size.versionsPerModule` versions
 * each (`1.0.0` … `1.9.0`), in set-based statements: 100,000 rows take seconds, not the hours
 * that as many uploads would. Each copy has been downloaded, as in a registry in service: the
 * first count of a version is an insert whose foreign key PostgreSQL checks, twice the work of
 * adding to a count (48–58 ms against 18–26 for 2,000 versions), and the random `download` load
 * would otherwise measure versions never downloaded before, which a registry sees once in each
 * version's life.
 */
export function seedStatements(organization: string, size: DatasetSize, copy: { readonly metadata: boolean } = { metadata: true }): string {
  const modules = `generate_series(0, ${size.modules - 1}) as i`
  const moduleId = `'mod-bench' || lpad(i::text, 8, '0')`
  return `
    insert into registry_modules (id, organization_name, registry_name, namespace, name, provider, status,
      publishing_mechanism, no_code, vcs_repo, tests_enabled, created_at, updated_at)
    select ${moduleId}, '${organization}', 'private', '${organization}', 'm' || lpad(i::text, 5, '0'), 'aws',
      'setup_complete', 'non_vcs', false, null, false, now(), now()
    from ${modules};
    insert into module_versions (id, module_id, version, source, commit_sha, upload_generation,
      archive_blob_key, archive_sha256, archive_size, metadata, requirements, description, created_at, updated_at)
    select 'modver-b' || lpad(i::text, 8, '0') || 'v' || v, ${moduleId}, '1.' || v || '.0', 'tfe-api', null,
      t.upload_generation, t.archive_blob_key, t.archive_sha256, t.archive_size, ${copy.metadata ? 't.metadata' : 'null'}, t.requirements, t.description,
      now() + v * interval '1 second', now()
    from ${modules}, generate_series(0, ${size.versionsPerModule - 1}) as v,
      (select * from module_versions order by created_at limit 1) as t;
    insert into module_version_downloads (version_id, downloads)
    select id, 1 + floor(random() * 1000)::integer from module_versions where id like 'modver-b%';
    analyze;`
}

/** Runs the statements on the embedded database of a stopped server's data directory. */
export async function seedPglite(dataDir: string, statements: string): Promise<void> {
  const db = await PGlite.create(join(dataDir, 'db'), { extensions: { pg_trgm } })
  try {
    await db.exec(statements)
  } finally {
    await db.close()
  }
}

/**
 * Runs the statements on PostgreSQL with psql, then, once they committed, announces the change
 * as Cairn's own writes do (the feed's sequence), so that the running server forgets whatever it
 * had cached of the registry before them, and waits until it has. Each `-c` is a transaction of
 * its own. The vacuum does now what autovacuum would otherwise start, on 100,000 new rows, in the
 * middle of a measurement.
 */
export async function seedPostgres(databaseUrl: string, statements: string): Promise<void> {
  await run('psql', [databaseUrl, '-v', 'ON_ERROR_STOP=1', '-q', '-c', statements, '-c', 'vacuum', '-c', "select nextval('store_changes')"])
  // Until the server's next read of the feed has come, it may still clear what a warming put in
  // its caches: 158 modules' versions of the warming were read again in the first load.
  await new Promise((resolve) => setTimeout(resolve, 2 * CHANGE_POLL_MS))
}

/** A new, empty PostgreSQL database beside `test` on the local server; dropped by the returned function. */
export async function scratchPostgres(): Promise<{ readonly url: string; drop(): Promise<void> }> {
  const admin = process.env['BENCH_DATABASE_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/test'
  const name = `cairn_bench_${process.pid}`
  await run('psql', [admin, '-q', '-c', `drop database if exists ${name}`, '-c', `create database ${name}`])
  const url = new URL(admin)
  url.pathname = `/${name}`
  return {
    url: url.href,
    drop: async () => {
      await run('psql', [admin, '-q', '-c', `drop database if exists ${name} with (force)`])
    },
  }
}
