terraform {
  required_version = ">= 1.5.0"

  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = ">= 5.0, < 6.0"
    }
    random = {
      source = "registry.terraform.io/hashicorp/random"
    }
    # The legacy form: a version constraint without a source address.
    null = "~> 3.2"
  }
}
