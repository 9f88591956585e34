import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'

/**
 * The machine's own PostgreSQL cluster (Debian's `main` cluster, which serves 127.0.0.1:5432), to
 * stop and start with `pg_ctlcluster` in fault tests. Other tests on the machine share it: callers
 * keep it down for seconds only and start it again in a `finally`.
 */
export interface PostgresCluster {
  stop(): void
  /** Starts it when it is down; waits until it accepts connections. */
  start(): void
}

const CONFIG_DIR = '/etc/postgresql'

/** Why the cluster cannot be stopped and started here, or undefined when it can. */
export function whyNoPostgresCluster(): string | undefined {
  if (spawnSync('pg_ctlcluster', ['--help'], { stdio: 'ignore' }).error !== undefined) return 'pg_ctlcluster is not installed'
  if (!existsSync(`${CONFIG_DIR}`) || readdirSync(CONFIG_DIR).length !== 1)
    return `${CONFIG_DIR} does not hold exactly one PostgreSQL version`
  if (process.env['TEST_DATABASE_URL'] !== undefined) return 'TEST_DATABASE_URL names a PostgreSQL that may not be the local cluster'
  return undefined
}

export function postgresCluster(): PostgresCluster {
  const version = readdirSync(CONFIG_DIR)[0] ?? ''
  const ctl = (action: string, ...options: string[]) =>
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', ...options, version, 'main', action], { stdio: 'pipe' })
  const running = () =>
    spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'status'], { stdio: 'ignore' }).status === 0
  return {
    // Fast: the connections of the server under test are cut, as a crash or failover would.
    stop: () => ctl('stop', '--mode=fast'),
    start() {
      if (!running()) ctl('start')
    },
  }
}
