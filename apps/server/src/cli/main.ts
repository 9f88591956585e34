#!/usr/bin/env node
import { isCairnError, type DownloadsWritten } from '@cairn/core'
import { parseArgs } from 'node:util'
import { ConfigError } from '../config-error.ts'
import { loadConfig } from './config.ts'
import { DataDirBusyError } from '../platform/data-dir-lock.ts'
import { endLogs } from '../platform/logger.ts'
import { startServer } from './serve.ts'
import { initialAdminInstructions } from './initial-admin-instructions.ts'
import { startupWarnings } from './startup-warnings.ts'
import { createToken, createUser, migrate } from './user-commands.ts'
import { providersCommand } from './providers/publish-command.ts'

const USAGE = `usage:
  cairn serve                                              start the HTTP server (the default)
  cairn migrate                                            apply pending database migrations
  cairn user create --username U --email E [--site-admin]  create a user and print a token for it
  cairn token create --username U [--description D]        print a new token for a user
  cairn providers publish [DIR] --address URL ...          publish a provider release to a Cairn (--help for more)
Configuration comes from the environment: PORT, CAIRN_DATA_DIR, DATABASE_URL, CAIRN_BASE_URL, CAIRN_EDITION.`

class UsageError extends Error {}

async function main(argv: readonly string[]): Promise<void> {
  // A client of a running Cairn, not the server: its own flags, and no server configuration.
  if (argv[0] === 'providers') return void (process.exitCode = await providersCommand(argv.slice(1), process.env))
  const { positionals, values } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      description: { type: 'string' },
      'site-admin': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  })
  if (values.help) return void console.log(USAGE)
  const command = positionals.join(' ') || 'serve'
  const config = loadConfig(process.env)
  const required = (name: 'username' | 'email'): string => {
    const value = values[name]
    if (value === undefined || value === '') throw new UsageError(`--${name} is required`)
    return value
  }
  switch (command) {
    case 'serve':
      return serveUntilSignalled(config)
    case 'migrate':
      return print(await migrate(config))
    case 'user create':
      return print(await createUser(config, { username: required('username'), email: required('email'), siteAdmin: values['site-admin'] }))
    case 'token create':
      return print(
        await createToken(config, {
          username: required('username'),
          ...(values.description !== undefined && { description: values.description }),
        }),
      )
    default:
      throw new UsageError(`unknown command "${command}"`)
  }
}

async function serveUntilSignalled(config: ReturnType<typeof loadConfig>): Promise<void> {
  const server = await startServer(config)
  const { logger } = server
  const stop = (signal: NodeJS.Signals) => {
    logger.info({ signal }, `Cairn is stopping (${signal}): no new connections; the requests in flight may finish`)
    void server
      .stop()
      .then(
        ({ downloads }) => {
          logger.info({ downloads }, `Cairn stopped: ${written(downloads)}, the database closed`)
          return 0
        },
        (error: unknown) => {
          logger.fatal({ err: error }, 'stopping failed')
          return 1
        },
      )
      .then(async (code) => {
        await endLogs(logger)
        process.exit(code)
      })
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  for (const warning of startupWarnings(config)) logger.warn(warning)
  if (server.initialAdminToken !== undefined) {
    logger.info({ initialAdminToken: server.initialAdminToken }, initialAdminInstructions(server.url, config.clients.iactTimeLimitMinutes))
  }
  // Last: whoever waits for this line finds the signal handlers installed and the IACT logged.
  const database = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`
  if (config.baseUrl === undefined) return logger.info({ url: server.url }, `Cairn is listening on ${server.url} (${database})`)
  // The bind address is this machine's; clients (and every link Cairn writes) use the base URL.
  const baseUrl = config.baseUrl.href.replace(/\/$/, '')
  logger.info({ url: server.url, baseUrl }, `Cairn is listening on ${server.url} (${database}); clients reach it at ${baseUrl}`)
}

/** The last write of download counts, for the "stopped" line. */
function written({ downloads, versions }: DownloadsWritten): string {
  if (downloads === 0) return 'no download counts left to write'
  return `${downloads} ${downloads === 1 ? 'download' : 'downloads'} of ${versions} ${versions === 1 ? 'version' : 'versions'} written`
}

function print(result: unknown): void {
  console.log(JSON.stringify(result))
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
    console.error(`cairn: ${error.message}\n\n${USAGE}`)
    process.exit(2)
  }
  if (error instanceof ConfigError || error instanceof DataDirBusyError) {
    console.error(`cairn: ${error.message}`)
    process.exit(1)
  }
  if (isCairnError(error)) {
    const fields = error.fields.map((field) => `\n  ${field.field}: ${field.message}`).join('')
    console.error(`cairn: ${error.code === 'invalid' ? 'invalid input' : error.message}${fields}`)
    process.exit(1)
  }
  console.error(error)
  process.exit(1)
})
