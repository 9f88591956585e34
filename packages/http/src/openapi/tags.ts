/** The sections of the API reference, in the order it shows them. */
export const TAGS = {
  'registry-modules': 'Private modules: publish, upload and manage module versions',
  'registry-providers': 'Private providers: their versions, platforms, signed files and the GPG keys that sign them',
  'registry-protocol': 'The module and provider registry protocols that `terraform` and `tofu` speak, and file downloads',
  'public-registry': 'The hosted edition’s proxy of curated public modules',
  vcs: 'VCS connections (OAuth clients and tokens), publishing from a repository, push webhooks',
  organizations: 'Organizations',
  memberships: 'Organization memberships and invitations',
  teams: 'Teams and their members',
  tokens: 'User, team and organization API tokens, and the caller’s account',
  workspaces: 'Workspaces',
  runs: 'Runs, as records',
  admin: 'Site administration (self-hosted edition): users, workspaces, settings, audit events',
  'tool-versions': 'Terraform and OpenTofu versions the site offers (self-hosted edition)',
  oci: 'The OCI distribution API (`/v2/`) that serves module versions to `tofu` as `oci://` sources, and `oras`',
  operations: 'Health, readiness, metrics, service discovery and this description',
} as const

export type Tag = keyof typeof TAGS
