provider "aws" {
  region = "eu-west-1"
}

locals {
  azs = slice(data.aws_availability_zones.available.names, 0, var.az_count)
}

data "aws_availability_zones" "available" {
  state = "available"
}

resource "aws_vpc" "this" {
  cidr_block           = var.cidr_block
  enable_dns_hostnames = true
  tags                 = merge(var.extra_tags, { Name = var.name })
}

resource "aws_internet_gateway" "this" {
  vpc_id = aws_vpc.this.id
}

resource "random_id" "suffix" {
  byte_length = 4
}

module "private_subnets" {
  source = "./modules/subnet"

  vpc_id = aws_vpc.this.id
  cidrs  = var.private_subnet_cidrs
}

module "flow_logs" {
  source  = "terraform-aws-modules/vpc/aws//modules/vpc-flow-logs"
  version = "~> 5.0"
  count   = var.flow_logs.enabled ? 1 : 0
}
