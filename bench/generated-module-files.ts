/** What a numbered `.tf` file of a part holds; the kinds take turns. */
export type Kind = 'variables' | 'main' | 'outputs' | 'data' | 'locals'
export const KINDS: readonly Kind[] = ['variables', 'main', 'outputs', 'data', 'locals']

/** A module block one of the `main` files writes. */
export interface Call {
  readonly name: string
  readonly source: string
}

/** A numbered file of each kind, given its number and the module calls it writes. */
export const FILES: Readonly<Record<Kind, (i: number, calls: readonly Call[]) => string>> = {
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
