import type { TarEntry } from '../test-fixtures/src/index.ts'

/** How many `.tf` files go where; the defaults make 1,000. */
export interface ModuleShape {
  readonly rootFiles: number
  readonly submodules: number
  readonly filesPerSubmodule: number
  readonly examples: number
  readonly filesPerExample: number
}

export const THOUSAND_FILES: ModuleShape = {
  rootFiles: 40,
  submodules: 24,
  filesPerSubmodule: 30,
  examples: 12,
  filesPerExample: 20,
}

type Kind = 'variables' | 'main' | 'outputs' | 'data' | 'locals'
const KINDS: readonly Kind[] = ['variables', 'main', 'outputs', 'data', 'locals']

const pad = (n: number): string => String(n).padStart(3, '0')

/**
 * A large module written the way big real ones are: the root, `modules/<name>` and
 * `examples/<name>`, each with a README, a `versions.tf`, a `variables.tf` of shared inputs and
 * then numbered files of variables (every kind of type, defaults, validations, heredoc
 * descriptions, sensitive values), resources (with `count`, `for_each`, dynamic blocks),
 * outputs, data sources and locals. The root calls every submodule; each example calls the root.
 * Deterministic: the same bytes on every run.
 */
export function generatedModule(shape: ModuleShape = THOUSAND_FILES): TarEntry[] {
  const entries: TarEntry[] = []
  const submodules = Array.from({ length: shape.submodules }, (_, i) => `component-${pad(i)}`)
  part(entries, '', shape.rootFiles, { calls: submodules.map((name) => ({ name, source: `./modules/${name}` })) })
  entries.push({ path: 'modules', type: 'directory' })
  for (const name of submodules) part(entries, `modules/${name}/`, shape.filesPerSubmodule, { calls: [] })
  entries.push({ path: 'examples', type: 'directory' })
  for (let i = 0; i < shape.examples; i++) {
    part(entries, `examples/example-${pad(i)}/`, shape.filesPerExample, { calls: [{ name: 'this', source: '../..' }] })
  }
  return entries
}

interface Call {
  readonly name: string
  readonly source: string
}

/** One part: `files` `.tf` files (versions.tf and variables.tf included) and a README. */
function part(entries: TarEntry[], prefix: string, files: number, options: { readonly calls: readonly Call[] }): void {
  if (prefix !== '') entries.push({ path: prefix.slice(0, -1), type: 'directory' })
  const title = prefix === '' ? 'root module' : prefix.slice(0, -1)
  entries.push({ path: `${prefix}README.md`, body: readme(title) })
  entries.push({ path: `${prefix}versions.tf`, body: versions() })
  entries.push({ path: `${prefix}variables.tf`, body: sharedVariables() })
  const calls = [...options.calls]
  for (let i = 0; i < files - 2; i++) {
    const kind = KINDS[i % KINDS.length] ?? 'main'
    // Module calls are spread over the `main` files, a few per file.
    const mine = kind === 'main' ? calls.splice(0, 3) : []
    entries.push({ path: `${prefix}${kind}_${pad(i)}.tf`, body: FILES[kind](i, mine) })
  }
  if (calls.length > 0) throw new RangeError(`${prefix || 'the root'} has too few files for its ${options.calls.length} module calls`)
}

function readme(title: string): string {
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

function versions(): string {
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

function sharedVariables(): string {
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

const FILES: Readonly<Record<Kind, (i: number, calls: readonly Call[]) => string>> = {
  variables: (i) => `variable "instance_count_${i}" {
  type        = number
  description = "How many instances group ${i} runs."
  default     = ${(i % 5) + 1}

  validation {
    condition     = var.instance_count_${i} >= 0 && var.instance_count_${i} <= 20
    error_message = "instance_count_${i} must be between 0 and 20."
  }
}

variable "instance_type_${i}" {
  type        = string
  description = "EC2 instance type of group ${i}."
  default     = "t3.micro"
}

variable "subnet_cidrs_${i}" {
  type        = list(string)
  description = "One range per subnet of group ${i}."
  default     = ["10.${i % 250}.1.0/24", "10.${i % 250}.2.0/24"]
}

variable "scaling_${i}" {
  type = object({
    min_size         = number
    max_size         = number
    desired_capacity = optional(number)
    cooldown         = optional(number, 300)
  })
  description = <<-EOT
    Scaling settings of group ${i}.
    Leave desired_capacity unset to let the group decide.
  EOT
  default     = { min_size = 1, max_size = 3 }
}

variable "peer_${i}" {
  type    = tuple([string, number, bool])
  default = null
}

variable "extra_${i}" {
  description = "Anything else group ${i} needs."
  default     = null
}

variable "db_password_${i}" {
  type      = string
  sensitive = true
  default   = null
}
`,
  main: (i, calls) => `resource "aws_security_group" "group_${i}" {
  name_prefix = "\${var.name}-${i}-"
  description = "Traffic of group ${i}"
  vpc_id      = var.vpc_id

  dynamic "ingress" {
    for_each = var.allowed_ports
    content {
      from_port   = ingress.value
      to_port     = ingress.value
      protocol    = "tcp"
      cidr_blocks = ["10.0.0.0/8"]
    }
  }

  egress {
    from_port   = 0
    to_port     = 0
    protocol    = "-1"
    cidr_blocks = ["0.0.0.0/0"]
  }

  tags = merge(var.tags, { Name = "\${var.name}-${i}" })
}

resource "aws_launch_template" "group_${i}" {
  name_prefix            = "\${var.name}-${i}-"
  image_id               = data.aws_ami.linux_${i - 2 >= 0 ? i - 2 : 0}.id
  instance_type          = var.instance_type_${Math.max(0, i - 1)}
  vpc_security_group_ids = [aws_security_group.group_${i}.id]

  metadata_options {
    http_tokens = "required"
  }
}

resource "aws_autoscaling_group" "group_${i}" {
  count               = var.enabled ? 1 : 0
  name_prefix         = "\${var.name}-${i}-"
  min_size            = 1
  max_size            = 3
  vpc_zone_identifier = local.subnet_ids_${i + 3}

  launch_template {
    id      = aws_launch_template.group_${i}.id
    version = "$Latest"
  }
}

resource "aws_cloudwatch_metric_alarm" "cpu_${i}" {
  for_each            = toset(["high", "low"])
  alarm_name          = "\${var.name}-${i}-cpu-\${each.key}"
  comparison_operator = each.key == "high" ? "GreaterThanThreshold" : "LessThanThreshold"
  evaluation_periods  = 2
  metric_name         = "CPUUtilization"
  namespace           = "AWS/EC2"
  period              = 300
  statistic           = "Average"
  threshold           = each.key == "high" ? 80 : 10
}

resource "random_id" "suffix_${i}" {
  byte_length = 4
}
${calls.map(moduleCall).join('\n')}`,
  outputs: (i) => `output "security_group_id_${i - 1}" {
  description = "The security group of group ${i - 1}."
  value       = aws_security_group.group_${i - 1}.id
}

output "launch_template_id_${i - 1}" {
  value = aws_launch_template.group_${i - 1}.id
}

output "autoscaling_group_names_${i - 1}" {
  description = "Names of the autoscaling groups, empty when disabled."
  value       = aws_autoscaling_group.group_${i - 1}[*].name
}

output "alarm_arns_${i - 1}" {
  value = { for key, alarm in aws_cloudwatch_metric_alarm.cpu_${i - 1} : key => alarm.arn }
}

output "db_password_${i - 1}" {
  value     = var.db_password_${Math.max(0, i - 2)}
  sensitive = true
}
`,
  data: (i) => `data "aws_ami" "linux_${i}" {
  most_recent = true
  owners      = ["amazon"]

  filter {
    name   = "name"
    values = ["al2023-ami-*-x86_64"]
  }
}

data "aws_iam_policy_document" "assume_${i}" {
  statement {
    actions = ["sts:AssumeRole"]

    principals {
      type        = "Service"
      identifiers = ["ec2.amazonaws.com"]
    }
  }
}

data "aws_subnets" "private_${i}" {
  filter {
    name   = "vpc-id"
    values = [var.vpc_id]
  }

  tags = {
    Tier = "private"
  }
}
`,
  locals: (i) => `locals {
  subnet_ids_${i} = sort(data.aws_subnets.private_${Math.max(0, i - 1)}.ids)
  common_tags_${i} = merge(var.tags, {
    Module = "generated"
    Group  = "${i}"
  })
  port_rules_${i} = {
    for port in var.allowed_ports : tostring(port) => {
      from = port
      to   = port
    }
  }
  enabled_count_${i} = var.enabled ? length(local.subnet_ids_${i}) : 0
}
`,
}

function moduleCall(call: Call): string {
  return `module "${call.name.replaceAll('-', '_')}" {
  source = "${call.source}"

  name          = "\${var.name}-${call.name}"
  vpc_id        = var.vpc_id
  tags          = var.tags
  allowed_ports = [443]
}
`
}
