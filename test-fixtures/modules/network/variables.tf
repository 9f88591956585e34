variable "name" {
  type        = string
  description = "Name prefix for every resource."
}

variable "cidr_block" {
  type        = string
  description = "IPv4 range of the VPC."
  default     = "10.0.0.0/16"

  validation {
    condition     = can(cidrhost(var.cidr_block, 0))
    error_message = "cidr_block must be a valid IPv4 CIDR range."
  }
}

variable "az_count" {
  type        = number
  description = "How many availability zones to spread over."
  default     = 3
}

variable "enable_nat_gateway" {
  type    = bool
  default = true
}

variable "private_subnet_cidrs" {
  type        = list(string)
  description = "One range per private subnet."
  default     = ["10.0.1.0/24", "10.0.2.0/24"]
}

variable "subnet_weights" {
  type    = map(number)
  default = { public = 1, private = 2 }
}

variable "flow_logs" {
  type = object({
    enabled        = bool
    retention_days = optional(number, 30)
    destination    = optional(string)
  })
  description = <<-EOT
    Flow log settings.
    Leave `destination` unset to log to CloudWatch.
  EOT
  default     = { enabled = false }
}

variable "allowed_ports" {
  type    = set(number)
  default = [22, 443]
}

variable "peer" {
  type        = tuple([string, number, bool])
  description = "Peer VPC id, its account number and whether to accept automatically."
  default     = null
}

variable "extra_tags" {
  type    = any
  default = {}
}

variable "db_password" {
  type        = string
  description = "Password of the bastion's database."
  sensitive   = true
}

variable "legacy" {
  description = "A variable without a type constraint."
}
