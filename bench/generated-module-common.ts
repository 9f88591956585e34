// The files every part of the generated module has: its README, versions.tf and the variables.tf of shared inputs.

export function readme(title: string): string {
  return `# ${title}

Generated for Cairn's benchmarks: a module as large as the biggest ones published, with
inputs of every type, outputs, resources, data sources and locals spread over many files.

## Usage

\`\`\`hcl
module "example" {
  source  = "cairn.example.com/acme/generated/aws"
  version = "~> 1.0"

  name   = "example"
  vpc_id = "vpc-0123456789abcdef0"
}
\`\`\`
`
}

export function versions(): string {
  return `terraform {
  required_version = ">= 1.5.0"

  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = ">= 5.0, < 7.0"
    }
    random = {
      source  = "hashicorp/random"
      version = "~> 3.6"
    }
  }
}
`
}

export function sharedVariables(): string {
  return `variable "name" {
  type        = string
  description = "Name prefix for every resource."
}

variable "vpc_id" {
  type        = string
  description = "The VPC the resources live in."
}

variable "enabled" {
  type    = bool
  default = true
}

variable "tags" {
  type        = map(string)
  description = "Tags added to every resource."
  default     = {}
}

variable "allowed_ports" {
  type    = set(number)
  default = [22, 443]
}
`
}
