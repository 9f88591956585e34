module "network" {
  source = "../.."

  name        = "basic"
  db_password = "not-a-secret"
}
