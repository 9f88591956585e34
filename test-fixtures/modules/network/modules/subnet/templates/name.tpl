subnet-${index}
