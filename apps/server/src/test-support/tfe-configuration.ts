import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * A configuration that manages one organization of Cairn with the `tfe` provider: the
 * organization, a team that may manage modules, the team's token, a registry module without VCS
 * and one published from a git host through an OAuth client, read back through data sources.
 * Variables carry what the test changes between applies.
 */
const MAIN_TF = `terraform {
  required_providers {
    tfe = {
      source = "hashicorp/tfe"
    }
  }
}

variable "hostname" {
  type = string
}
variable "token" {
  type      = string
  sensitive = true
}
variable "organization" {
  type = string
}
variable "email" {
  type = string
}
variable "speculative_plans" {
  type = bool
}
variable "manage_workspaces" {
  type = bool
}
variable "member_tokens" {
  type = bool
}
variable "git_url" {
  type = string
}
variable "git_token" {
  type      = string
  sensitive = true
}

provider "tfe" {
  hostname = var.hostname
  token    = var.token
}

resource "tfe_organization" "this" {
  name                                = var.organization
  email                               = var.email
  speculative_plan_management_enabled = var.speculative_plans
}

resource "tfe_team" "publishers" {
  name                          = "publishers"
  organization                  = tfe_organization.this.name
  allow_member_token_management = var.member_tokens
  organization_access {
    manage_modules    = true
    manage_workspaces = var.manage_workspaces
  }
}

resource "tfe_team_token" "publishers" {
  team_id = tfe_team.publishers.id
}

resource "tfe_registry_module" "vpc" {
  organization    = tfe_organization.this.name
  registry_name   = "private"
  name            = "vpc"
  module_provider = "aws"
}

resource "tfe_oauth_client" "git" {
  organization     = tfe_organization.this.name
  service_provider = "github"
  http_url         = var.git_url
  api_url          = var.git_url
  oauth_token      = var.git_token
}

resource "tfe_registry_module" "network" {
  organization = tfe_organization.this.name
  vcs_repo {
    display_identifier = "acme/terraform-aws-network"
    identifier         = "acme/terraform-aws-network"
    oauth_token_id     = tfe_oauth_client.git.oauth_token_id
  }
}

data "tfe_organization" "this" {
  name = tfe_organization.this.name
}

data "tfe_team" "publishers" {
  name         = tfe_team.publishers.name
  organization = tfe_organization.this.name
}

output "external_id" {
  value = data.tfe_organization.this.external_id
}
output "email" {
  value = data.tfe_organization.this.email
}
output "team_id" {
  value = data.tfe_team.publishers.id
}
output "team_token_id" {
  value = tfe_team_token.publishers.id
}
output "module_id" {
  value = tfe_registry_module.vpc.id
}
output "vcs_module" {
  value = "\${tfe_registry_module.network.name}/\${tfe_registry_module.network.module_provider}"
}
`

/** What the test sets through the configuration's variables. */
export interface TfeVariables {
  readonly hostname: string
  readonly token: string
  readonly organization: string
  readonly email: string
  readonly speculativePlans: boolean
  readonly manageWorkspaces: boolean
  readonly memberTokens: boolean
  /** The git host the OAuth client connects to, serving acme/terraform-aws-network, and its credential. */
  readonly gitUrl: string
  readonly gitToken: string
}

/** Writes main.tf and, beside it, terraform.tfvars.json with `variables` (the token stays out of argv). */
export async function writeTfeConfiguration(dir: string, variables: TfeVariables): Promise<void> {
  await writeFile(join(dir, 'main.tf'), MAIN_TF)
  const values = {
    hostname: variables.hostname,
    token: variables.token,
    organization: variables.organization,
    email: variables.email,
    speculative_plans: variables.speculativePlans,
    manage_workspaces: variables.manageWorkspaces,
    member_tokens: variables.memberTokens,
    git_url: variables.gitUrl,
    git_token: variables.gitToken,
  }
  await writeFile(join(dir, 'terraform.tfvars.json'), JSON.stringify(values, null, 2))
}

/** A CLI configuration that has the CLI run the provider built at `folder`, found by no registry. */
export async function writeDevOverrides(file: string, folder: string): Promise<void> {
  await writeFile(file, `provider_installation {\n  dev_overrides {\n    "hashicorp/tfe" = "${folder}"\n  }\n  direct {}\n}\n`)
}
