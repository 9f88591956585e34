output "vpc_id" {
  description = "The id of the VPC."
  value       = aws_vpc.this.id
}

output "private_subnet_ids" {
  value = module.private_subnets.ids
}

output "db_password" {
  description = "Echoed for the bastion's bootstrap script."
  value       = var.db_password
  sensitive   = true
}
