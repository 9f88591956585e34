variable "vpc_id" {
  type = string
}

variable "cidrs" {
  type        = list(string)
  description = "The subnets' ranges."
}

resource "aws_subnet" "this" {
  count      = length(var.cidrs)
  vpc_id     = var.vpc_id
  cidr_block = var.cidrs[count.index]
  tags       = { Name = templatefile("${path.module}/templates/name.tpl", { index = count.index }) }
}

output "ids" {
  value = aws_subnet.this[*].id
}
