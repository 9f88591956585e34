import { execFile } from 'node:child_process'
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { Extractor, ExtractorConfig, ExtractorLogLevel, type ExtractorMessage } from '@microsoft/api-extractor'
import { scratchDatabase } from '@cairn/persistence/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installedPackages } from './test-support/installed-closure.ts'

const WORKSPACE = fileURLToPath(new URL('../../../../', import.meta.url))
const HOST_SCRIPT = fileURLToPath(new URL('./test-support/packed-host.mjs', import.meta.url))
const IMPORT_COST_SCRIPT = fileURLToPath(new URL('./test-support/import-cost.mjs', import.meta.url))
/** Packages a host on the memory store must not load: the database and S3 adapters' drivers, Scalar, openpgp.js. */
const OPTIONAL_HEAVY =
  /^(@cairn\/persistence|@mikro-orm\/.+|@electric-sql\/.+|pg|pg-.+|kysely|@aws-sdk\/.+|@smithy\/.+|@scalar\/.+|openpgp|@cairn\/web)$/
/** The committed report of `@cairn/server`'s public surface. */
const API_REPORT_FOLDER = fileURLToPath(new URL('../../api/', import.meta.url))
const run = promisify(execFile)

/** The command's output; the child gets no NODE_OPTIONS, so nothing of the test runner's leaks into it. */
async function output(command: string, args: readonly string[], cwd: string): Promise<string> {
  const { stdout } = await run(command, args, { cwd, env: { ...process.env, NODE_OPTIONS: '' }, maxBuffer: 16 * 1024 * 1024 })
  return stdout
}

/**
 * The packages as a registry would serve them: built and packed from this workspace, installed
 * with npm into a project in a temporary directory, and run by Node with type stripping turned
 * off, so that nothing TypeScript can be loaded from them.
 */
describe('the packed packages, installed with npm outside the workspace', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'cairn-embed-'))
  const host = (...args: string[]) =>
    output(process.execPath, ['--no-experimental-strip-types', 'packed-host.mjs', ...args], scratch).then(
      (stdout) => JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Record<string, unknown>,
    )

  const packs = join(scratch, 'packs')

  beforeAll(async () => {
    // The one pack command a release runs: a clean build, then exactly the public packages.
    await output('pnpm', ['run', 'pack:public', packs], WORKSPACE)
    const tarballs = readdirSync(packs).map((file) => [
      `@cairn/${file.replace(/^cairn-(.+)-\d+\.\d+\.\d+.*\.tgz$/, '$1')}`,
      `file:packs/${file}`,
    ])
    const hono = (JSON.parse(readFileSync(join(WORKSPACE, 'node_modules/hono/package.json'), 'utf8')) as { version: string }).version
    const manifest = { name: 'embedding-host', private: true, type: 'module', dependencies: { ...Object.fromEntries(tarballs), hono } }
    writeFileSync(join(scratch, 'package.json'), JSON.stringify(manifest, null, 2))
    await output('npm', ['install', '--no-audit', '--no-fund'], scratch)
    copyFileSync(HOST_SCRIPT, join(scratch, 'packed-host.mjs'))
    const module = join(scratch, 'module')
    mkdirSync(module)
    writeFileSync(join(module, 'main.tf'), 'variable "cidr" {\n  type = string\n}\n\noutput "cidr" {\n  value = var.cidr\n}\n')
    await output('tar', ['-czf', join(scratch, 'module.tar.gz'), '-C', module, '.'], scratch)
    // A clean build of every package and a 400 MiB npm install: minutes on a shared machine.
  }, 600_000)

  // A hundred megabytes of node_modules: slow to remove on a busy machine.
  afterAll(() => rm(scratch, { recursive: true, force: true }), 120_000)

  const published = {
    organization: 'acme',
    protocolVersions: ['1.0.0'],
    terraformGet: expect.stringMatching(/^http:\/\/host\.test\/registry\/api\/registry\/v1\/archives\/.+\/module\.tar\.gz$/),
    useCaseVersions: ['1.0.0:ok'],
    host: 'the host',
  }

  it('a Hono host mounts Cairn in memory at /registry, publishes through HTTP and the use cases, and reads it back', async () => {
    const result = await host('publish', 'memory', 'module.tar.gz')
    expect(result).toMatchObject({ ...published, upload: expect.stringMatching(/^http:\/\/host\.test\/registry\/v1\/object\//) })
  }, 60_000)

  it('the same host on the embedded database in a temporary directory keeps its data across a restart', async () => {
    const dataDir = join(scratch, 'data')
    const first = await host('publish', dataDir, 'module.tar.gz')
    expect(first).toMatchObject(published)
    const restarted = await host('read', dataDir, String(first.token))
    expect(restarted).toMatchObject(published)
  }, 120_000)

  it('a closed Cairn refuses operations ("this Cairn is closed") and requests (503), and writes nothing, on each store', async () => {
    const refused = {
      operation: { name: 'CairnError', code: 'unavailable', message: 'this Cairn is closed' },
      request: { status: 503, body: { errors: [{ status: '503', title: 'service unavailable', detail: 'this Cairn is closed' }] } },
    }
    const kept = { users: { 'before-close': true, 'after-close': false, 'posted-after-close': false } }
    expect(await host('closed', 'memory')).toEqual(refused)
    expect(await host('closed', join(scratch, 'closed-data'))).toEqual({ ...refused, ...kept })
    const database = await scratchDatabase()
    try {
      expect(await host('closed', database.url)).toEqual({ ...refused, ...kept })
    } finally {
      await database.drop()
    }
  }, 180_000)

  it("a host's PostgreSQL database with its own users table: Cairn keeps to schema cairn; an unreachable and a missing database are CairnErrors naming them", async () => {
    const database = await scratchDatabase()
    try {
      await database.execute('create table public.users (id serial primary key, login text not null)')
      await database.execute("insert into public.users (login) values ('host-user')")
      expect(await host('postgres', database.url)).toEqual({ user: 'embedded' })
      expect(await database.query('select login from public.users')).toEqual([{ login: 'host-user' }])
      expect(await database.query('select username from cairn.users')).toEqual([{ username: 'embedded' }])
      const schemas = await database.query<{ name: string }>(
        "select nspname as name from pg_namespace where nspname in ('cairn', 'pgboss')",
      )
      expect(schemas).toEqual([{ name: 'cairn' }])

      const unreachable = new URL(database.url)
      unreachable.port = '1'
      unreachable.password = 'pw-s3cret'
      const refused = await host('postgres', unreachable.href)
      expect(refused).toEqual({
        error: { name: 'CairnError', code: 'unavailable', message: expect.stringContaining('cannot reach PostgreSQL at 127.0.0.1:1') },
      })
      expect(JSON.stringify(refused)).not.toContain('pw-s3cret')

      const missing = new URL(database.url)
      missing.pathname = `${missing.pathname}_missing`
      const name = missing.pathname.slice(1)
      expect(await host('postgres', missing.href)).toEqual({
        error: { name: 'CairnError', code: 'unavailable', message: expect.stringContaining(`database "${name}" does not exist`) },
      })
      expect(await database.query(`select 1 from pg_database where datname = '${name}'`)).toEqual([])
    } finally {
      await database.drop()
    }
  }, 120_000)

  it('TypeScript consumers get the declarations: a wrong option does not compile', async () => {
    const consumer = [
      "import { createCairn, type CairnOptions } from '@cairn/server'",
      "const options: CairnOptions = { store: { kind: 'memory' }, basePath: '/registry' }",
      'const cairn = await createCairn(options)',
      'const response: Response = await cairn.fetch(new Request("http://host.test/registry/api/v2/ping"))',
      '// @ts-expect-error: there is no such store',
      "await createCairn({ store: { kind: 'sqlite' } })",
      'export { response }',
    ].join('\n')
    writeFileSync(join(scratch, 'consumer.ts'), consumer)
    const tsc = join(WORKSPACE, 'node_modules/typescript/bin/tsc')
    const flags = ['--noEmit', '--strict', '--module', 'nodenext', '--target', 'es2023', '--lib', 'es2023,dom', '--skipLibCheck']
    await expect(output(process.execPath, [tsc, ...flags, 'consumer.ts'], scratch)).resolves.toBe('')
  }, 60_000)

  it('every tarball is a public package for Node >=22.17 with ESM-only exports, no dangling source map, and a clear require() error', async () => {
    const { engines } = JSON.parse(readFileSync(join(WORKSPACE, 'package.json'), 'utf8')) as PackedManifest
    const unpacked = join(scratch, 'unpacked')
    const manifests: PackedManifest[] = []
    const dangling: string[] = []
    for (const tarball of readdirSync(packs)) {
      const folder = join(unpacked, tarball)
      mkdirSync(folder, { recursive: true })
      await output('tar', ['-xzf', join(packs, tarball), '-C', folder], scratch)
      const manifest = JSON.parse(readFileSync(join(folder, 'package/package.json'), 'utf8')) as PackedManifest
      manifests.push(manifest)
      expect(manifest.private, manifest.name).toBeUndefined()
      expect(manifest.engines, manifest.name).toEqual(engines)
      const root = manifest.exports?.['.'] ?? {}
      expect(Object.keys(root), manifest.name).toEqual(['types', 'import', 'require'])
      for (const target of Object.values(root)) expect(existsSync(join(folder, 'package', target)), `${manifest.name} ${target}`).toBe(true)
      dangling.push(...danglingSourceMaps(join(folder, 'package')).map((problem) => `${manifest.name}: ${problem}`))
    }
    const names = manifests.map((manifest) => manifest.name)
    expect(names).toContain('@cairn/server')
    expect(names).not.toContain('@cairn/testing')
    expect(dangling).toEqual([])

    // A CommonJS host, on plain Node: every package refuses require() with what to do instead.
    writeFileSync(
      join(scratch, 'require-host.cjs'),
      [
        'const outcomes = {}',
        'for (const name of process.argv.slice(2)) {',
        "  try { require(name); outcomes[name] = 'loaded' } catch (error) { outcomes[name] = `${error.code}: ${error.message}` }",
        '}',
        'console.log(JSON.stringify(outcomes))',
      ].join('\n'),
    )
    const outcomes = JSON.parse(await output(process.execPath, ['require-host.cjs', ...names], scratch)) as Record<string, string>
    expect(outcomes).toEqual(
      Object.fromEntries(
        names.map((name) => [
          name,
          `ERR_REQUIRE_ESM: ${name} is ESM-only: load it with import('${name}') or an import declaration, not require()`,
        ]),
      ),
    )
  }, 60_000)

  it('the memory store loads no ORM, PGlite, pg, pg-boss or AWS SDK, and a bounded number of modules', async () => {
    copyFileSync(IMPORT_COST_SCRIPT, join(scratch, 'import-cost.mjs'))
    const cost = JSON.parse(await output(process.execPath, ['--no-experimental-strip-types', 'import-cost.mjs', 'memory'], scratch)) as {
      ping: number
      importMs: number
      rssMiB: number
      modules: number
      packages: string[]
    }
    // Printed, not asserted: the time depends on the machine's load.
    console.info(`import('@cairn/server') and a memory store: ${cost.importMs} ms, ${cost.modules} modules, +${cost.rssMiB} MiB RSS`)
    expect(cost.ping).toBe(204)
    expect(cost.packages.filter((name) => OPTIONAL_HEAVY.test(name))).toEqual([])
    // 1,936 before the adapters were loaded on demand; about 1,000 after.
    expect(cost.modules).toBeLessThan(1_200)
  }, 60_000)

  it('an embedder installing without @cairn/api-docs gets no Scalar or Vue package, and no package that runs an install script', async () => {
    const embedder = join(scratch, 'embedder')
    mkdirSync(embedder)
    const host = JSON.parse(readFileSync(join(scratch, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
    const dependencies = Object.fromEntries(
      Object.entries(host.dependencies)
        .filter(([name]) => name !== '@cairn/api-docs')
        .map(([name, version]) => [name, version.replace(/^file:packs\//, 'file:../packs/')]),
    )
    writeFileSync(join(embedder, 'package.json'), JSON.stringify({ name: 'embedder', private: true, type: 'module', dependencies }))
    await output('npm', ['install', '--no-audit', '--no-fund'], embedder)
    const installed = installedPackages(join(embedder, 'node_modules'))
    const mebibytes = (await output('du', ['-sm', 'node_modules'], embedder)).split('\t')[0]
    console.info(`an embedder's install: ${installed.length} packages, ${mebibytes} MiB`)
    expect(installed.map(({ name }) => name).filter((name) => /^@scalar\/|vue/.test(name))).toEqual([])
    expect(installed.filter(({ installScripts }) => installScripts.length > 0)).toEqual([])
    expect(installed.length).toBeGreaterThan(100)
  }, 240_000)

  it('the public surface matches the committed API report, and every exported symbol is documented', () => {
    // CAIRN_UPDATE_API_REPORT=1 rewrites the report instead, to commit with a deliberate change.
    // Out of node_modules, where TypeScript would count the package's own files as a library's;
    // beside it, so that the other Cairn packages resolve as the installed dependencies they are.
    const surface = join(scratch, 'cairn-server')
    cpSync(join(scratch, 'node_modules/@cairn/server'), surface, { recursive: true })
    const result = checkApiReport(surface, process.env['CAIRN_UPDATE_API_REPORT'] === '1')
    expect(result.problems).toEqual([])
    expect(result.succeeded).toBe(true)
  }, 60_000)
})

/** What a packed manifest says about how it is installed and loaded. */
interface PackedManifest {
  name: string
  private?: boolean
  engines?: Record<string, string>
  exports?: Record<string, Record<string, string>>
}

const SOURCE_MAPPING_URL = /[#@] sourceMappingURL=([^\s'"*]+)/g

/**
 * The source map references in an unpacked package that lead nowhere: a `sourceMappingURL`
 * comment naming a file the package lacks, or a map whose `sources` are not in the package.
 */
function danglingSourceMaps(packageFolder: string): string[] {
  const files = readdirSync(packageFolder, { recursive: true })
    .map(String)
    .filter((file) => /\.(?:[cm]?js|d\.[cm]?ts|css|map)$/.test(file))
  return files.flatMap((file) =>
    referencedByMap(join(packageFolder, file))
      .filter((target) => !existsSync(target))
      .map((target) => `${file} -> ${relative(packageFolder, target)}`),
  )
}

/** The files a source map names as its sources, or that a `sourceMappingURL` comment names as its map. */
function referencedByMap(path: string): string[] {
  const text = readFileSync(path, 'utf8')
  if (path.endsWith('.map')) {
    const map = JSON.parse(text) as { sources?: string[]; sourceRoot?: string }
    return (map.sources ?? []).map((source) => join(dirname(path), map.sourceRoot ?? '', source))
  }
  return [...text.matchAll(SOURCE_MAPPING_URL)].flatMap(([, url = '']) => (url.startsWith('data:') ? [] : [join(dirname(path), url)]))
}

/**
 * Runs API Extractor over the declarations of the package as installed, where the other Cairn
 * packages are external dependencies like any other, against the committed report.
 */
function checkApiReport(packageFolder: string, update: boolean): { succeeded: boolean; problems: string[] } {
  const entry = join(packageFolder, 'dist/embed/index.d.ts')
  const config = ExtractorConfig.prepare({
    configObject: {
      projectFolder: packageFolder,
      mainEntryPointFilePath: entry,
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            target: 'ES2023',
            lib: ['ES2023', 'DOM'],
            module: 'nodenext',
            moduleResolution: 'nodenext',
            strict: true,
            skipLibCheck: true,
          },
          files: [entry],
        },
      },
      apiReport: {
        enabled: true,
        reportFileName: 'cairn-server',
        reportFolder: API_REPORT_FOLDER,
        reportTempFolder: join(packageFolder, 'api-report'),
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        extractorMessageReporting: {
          default: { logLevel: ExtractorLogLevel.Error },
          'ae-missing-release-tag': { logLevel: ExtractorLogLevel.None },
          'ae-undocumented': { logLevel: ExtractorLogLevel.Error },
        },
        tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.Error } },
        compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Error } },
      },
    },
    configObjectFullPath: undefined,
    packageJsonFullPath: join(packageFolder, 'package.json'),
  })
  const problems: string[] = []
  const result = Extractor.invoke(config, {
    localBuild: update,
    messageCallback: (message: ExtractorMessage) => {
      const reportWritten = update && message.messageId.startsWith('console-api-report')
      if ((message.logLevel === ExtractorLogLevel.Error || message.logLevel === ExtractorLogLevel.Warning) && !reportWritten)
        problems.push(message.formatMessageWithLocation(packageFolder))
      message.handled = true
    },
  })
  return { succeeded: result.succeeded, problems }
}
