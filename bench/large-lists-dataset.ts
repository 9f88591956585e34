/** How big the management lists' registry is (issue 39's enterprise size). */
export interface LargeListsSize {
  readonly users: number
  readonly workspaces: number
  readonly organizations: number
  readonly modules: number
}

import { ORGANIZATION } from './cairn-api.ts'

/**
 * The organization that holds every module, created over the API before the seed (so that the
 * benchmark's administrator owns it); the organizations of the workspaces are `org-000` ….
 */
export const MODULES_ORGANIZATION = ORGANIZATION

/**
 * Surnames and first names spread evenly over the users (100 × 50): a search for one surname
 * (`garcia`) matches 1 % of them, as a search for a person in a large directory does.
 */
const SURNAMES = `garcia smith johnson williams brown jones miller davis rodriguez martinez hernandez lopez gonzalez
  wilson anderson thomas taylor moore jackson martin lee perez thompson white harris sanchez clark ramirez lewis
  robinson walker young allen king wright scott torres nguyen hill flores green adams nelson baker hall rivera
  campbell mitchell carter roberts gomez phillips evans turner diaz parker cruz edwards collins reyes stewart
  morris morales murphy cook rogers gutierrez ortiz morgan cooper peterson bailey reed kelly howard ramos kim cox
  ward richardson watson brooks chavez wood james bennett gray mendoza ruiz hughes price alvarez castillo sanders
  patel myers long ross foster`.split(/\s+/)
const FIRST_NAMES = `ada alan alice amir ana ben carla chen dana david elena emma felix grace hana ivan jack jana
  james julia kai karl laura leo lina luca maria mark maya mia nina noah omar paul petra priya rosa ryan sara sofia
  tariq theo tom uma vera wei yara yusuf zoe`.split(/\s+/)

/** Workspace name stems (40): `payments` is in 1 of 40 names, as one service's workspaces are among many. */
const STEMS = `payments billing checkout search catalog inventory orders shipping auth identity gateway network
  dns storage backup logging metrics alerts analytics reports web mobile api cache queue events mail sms
  notifications ledger pricing cart reviews recommendations media cdn vpc iam data ml`.split(/\s+/)

/** Run statuses of the workspaces' current runs: a mix like a busy site's, most runs finished. */
const CURRENT_STATUSES = ['applied', 'applied', 'applied', 'planned', 'errored', 'discarded', 'canceled', 'pending', 'planning', 'applying']

const sqlArray = (values: readonly string[]) => `array[${values.map((value) => `'${value}'`).join(', ')}]`

/**
 * The whole dataset as set-based statements (generate_series INSERT … SELECT), for a store whose
 * migrations have run and `MODULES_ORGANIZATION` exists: 100,000 users take seconds, not the minutes that as many API calls would.
 * Workspace `i` has `(i * 37) % 6` runs, one more when `i` is a multiple of 4 (2.75 on average,
 * ~137,000 runs for 50,000), 1 minute apart; its current run is its last. One tool version in 20
 * workspaces is none; the others use one of 20 versions.
 */
export function largeListsStatements(size: LargeListsSize): string {
  const runsOf = `((w.i * 37) % 6 + case when w.i % 4 = 0 then 1 else 0 end)`
  const statusOf = (runs: string) => `(${sqlArray(CURRENT_STATUSES)})[1 + (w.i + ${runs}) % ${CURRENT_STATUSES.length}]`
  return `
    insert into organizations (name, email, external_id, speculative_plan_management_enabled, created_at)
    select 'org-' || lpad(i::text, 3, '0'), 'org' || i || '@example.com', 'org-bench' || lpad(i::text, 12, '0'), true,
      now() - interval '400 days'
    from generate_series(0, ${size.organizations - 1}) as i;
    insert into tool_versions (id, version, url, sha, deprecated, deprecated_reason, official, enabled, beta, archs, created_at, updated_at)
    select 'tool-bench' || i, '1.' || i || '.0', 'https://releases.example.com/terraform/1.' || i || '.0/terraform.zip',
      md5(i::text) || md5(i::text), false, null, true, true, false, '[]'::jsonb, now() - (20 - i) * interval '1 day', now()
    from generate_series(0, 19) as i;
    insert into users (id, username, email, is_site_admin, is_suspended, is_service_account, two_factor_enabled, created_at)
    select 'user-bench' || lpad(i::text, 8, '0'), u.name, u.name || '@example.com', i % 500 = 0, i % 97 = 0, false,
      i % 3 = 0, now() - i * interval '1 minute'
    from generate_series(0, ${size.users - 1}) as i,
      lateral (select (${sqlArray(FIRST_NAMES)})[1 + i % ${FIRST_NAMES.length}] || '.'
        || (${sqlArray(SURNAMES)})[1 + (i / ${FIRST_NAMES.length}) % ${SURNAMES.length}] || i as name) as u;
    insert into workspaces (id, name, organization_name, tool_version_id, locked, created_at, latest_change_at,
      current_run_id, current_run_status, current_run_created_at)
    select 'ws-bench' || lpad(w.i::text, 8, '0'), (${sqlArray(STEMS)})[1 + w.i % ${STEMS.length}] || '-' || w.i,
      'org-' || lpad((w.i % ${size.organizations})::text, 3, '0'),
      case when w.i % 20 = 0 then null else 'tool-bench' || (w.i % 20) end, w.i % 50 = 0,
      now() - interval '300 days', now() - (w.i % 10000) * interval '1 minute',
      case when ${runsOf} = 0 then null else 'run-bench' || lpad(w.i::text, 8, '0') || '-' || ${runsOf} end,
      case when ${runsOf} = 0 then null else ${statusOf(runsOf)} end,
      case when ${runsOf} = 0 then null else now() - interval '300 days' + (w.i % 1000) * interval '1 hour' + ${runsOf} * interval '1 minute' end
    from generate_series(0, ${size.workspaces - 1}) as w(i);
    insert into runs (id, workspace_id, status, message, created_at, status_changed_at)
    select 'run-bench' || lpad(w.i::text, 8, '0') || '-' || r, 'ws-bench' || lpad(w.i::text, 8, '0'),
      case when r = ${runsOf} then ${statusOf(runsOf)} else 'applied' end, 'Run ' || r,
      now() - interval '300 days' + (w.i % 1000) * interval '1 hour' + r * interval '1 minute',
      now() - interval '300 days' + (w.i % 1000) * interval '1 hour' + r * interval '1 minute'
    from generate_series(0, ${size.workspaces - 1}) as w(i), generate_series(1, ${runsOf}) as r;
    insert into registry_modules (id, organization_name, registry_name, namespace, name, provider, status,
      publishing_mechanism, no_code, vcs_repo, tests_enabled, created_at, updated_at)
    select 'mod-list' || lpad(i::text, 8, '0'), '${MODULES_ORGANIZATION}', 'private', '${MODULES_ORGANIZATION}',
      (${sqlArray(STEMS)})[1 + i % ${STEMS.length}] || '-' || lpad(i::text, 5, '0'),
      (array['aws', 'azurerm', 'google', 'kubernetes'])[1 + i % 4], 'setup_complete', 'non_vcs', false, null, false, now(), now()
    from generate_series(0, ${size.modules - 1}) as i;
    analyze;`
}
