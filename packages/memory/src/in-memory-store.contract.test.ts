import { storeContracts } from '@cairn/testing/contracts'
import { InMemoryUnitOfWork } from './in-memory-unit-of-work.ts'

storeContracts('in-memory', async () => {
  let unitOfWork = new InMemoryUnitOfWork()
  return {
    get unitOfWork() {
      return unitOfWork
    },
    async reset() {
      unitOfWork = new InMemoryUnitOfWork()
    },
    async dispose() {},
  }
})
