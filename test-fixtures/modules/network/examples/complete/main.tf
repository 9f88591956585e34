module "network" {
  source = "../.."

  name               = "complete"
  az_count           = 2
  enable_nat_gateway = false
  db_password        = "not-a-secret"
  flow_logs          = { enabled = true, retention_days = 7 }
}

output "vpc_id" {
  value = module.network.vpc_id
}
