import type { MigrationObject } from '@mikro-orm/core'
import { Migration20261121202509_initial } from './Migration20261121202509_initial.ts'
import { Migration20261124162612_module_version_downloads } from './Migration20261124162612_module_version_downloads.ts'
import { Migration20261124170521_tool_version_archs } from './Migration20261124170521_tool_version_archs.ts'
import { Migration20261124171704_initial_admin } from './Migration20261124171704_initial_admin.ts'
import { Migration20261124184601_vcs_connections } from './Migration20261124184601_vcs_connections.ts'
import { Migration20261124185023_membership_invitations } from './Migration20261124185023_membership_invitations.ts'
import { Migration20261124211500_vcs_webhook_tokens } from './Migration20261124211500_vcs_webhook_tokens.ts'
import { Migration20261124213000_module_version_requirements } from './Migration20261124213000_module_version_requirements.ts'
import { Migration20261124230000_sealed_webhook_tokens } from './Migration20261124230000_sealed_webhook_tokens.ts'
import { Migration20261125000000_store_changes } from './Migration20261125000000_store_changes.ts'
import { Migration20261128123300_module_version_download_counts } from './Migration20261128123300_module_version_download_counts.ts'
import { Migration20261202014914_audit_actors } from './Migration20261202014914_audit_actors.ts'
import { Migration20261202132251_module_version_attempts } from './Migration20261202132251_module_version_attempts.ts'
import { Migration20261202150000_module_version_descriptions } from './Migration20261202150000_module_version_descriptions.ts'
import { Migration20261203121705_provider_registry } from './Migration20261203121705_provider_registry.ts'
import { Migration20261203123603_tfe_provider_settings } from './Migration20261203123603_tfe_provider_settings.ts'
import { Migration20261203124500_login_codes } from './Migration20261203124500_login_codes.ts'
import { Migration20261203131500_token_last_used } from './Migration20261203131500_token_last_used.ts'
import { Migration20261203190000_list_counts } from './Migration20261203190000_list_counts.ts'
import { Migration20261204_150000_module_protocol_documents } from './Migration20261204_150000_module_protocol_documents.ts'
import { Migration20261204_300000_provider_mirror } from './Migration20261204_300000_provider_mirror.ts'

/** Every migration, oldest first. `pnpm migration:create <name>` writes a new file; add it here. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121202509_initial', class: Migration20261121202509_initial },
  { name: 'Migration20261124162612_module_version_downloads', class: Migration20261124162612_module_version_downloads },
  { name: 'Migration20261124170521_tool_version_archs', class: Migration20261124170521_tool_version_archs },
  { name: 'Migration20261124171704_initial_admin', class: Migration20261124171704_initial_admin },
  { name: 'Migration20261124184601_vcs_connections', class: Migration20261124184601_vcs_connections },
  { name: 'Migration20261124185023_membership_invitations', class: Migration20261124185023_membership_invitations },
  { name: 'Migration20261124211500_vcs_webhook_tokens', class: Migration20261124211500_vcs_webhook_tokens },
  { name: 'Migration20261124213000_module_version_requirements', class: Migration20261124213000_module_version_requirements },
  { name: 'Migration20261124230000_sealed_webhook_tokens', class: Migration20261124230000_sealed_webhook_tokens },
  { name: 'Migration20261125000000_store_changes', class: Migration20261125000000_store_changes },
  { name: 'Migration20261128123300_module_version_download_counts', class: Migration20261128123300_module_version_download_counts },
  { name: 'Migration20261202014914_audit_actors', class: Migration20261202014914_audit_actors },
  { name: 'Migration20261202132251_module_version_attempts', class: Migration20261202132251_module_version_attempts },
  { name: 'Migration20261202150000_module_version_descriptions', class: Migration20261202150000_module_version_descriptions },
  { name: 'Migration20261203121705_provider_registry', class: Migration20261203121705_provider_registry },
  { name: 'Migration20261203123603_tfe_provider_settings', class: Migration20261203123603_tfe_provider_settings },
  { name: 'Migration20261203124500_login_codes', class: Migration20261203124500_login_codes },
  { name: 'Migration20261203131500_token_last_used', class: Migration20261203131500_token_last_used },
  { name: 'Migration20261203190000_list_counts', class: Migration20261203190000_list_counts },
  { name: 'Migration20261204_150000_module_protocol_documents', class: Migration20261204_150000_module_protocol_documents },
  { name: 'Migration20261204_300000_provider_mirror', class: Migration20261204_300000_provider_mirror },
]
