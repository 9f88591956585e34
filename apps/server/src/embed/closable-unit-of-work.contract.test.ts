import { InMemoryUnitOfWork } from '@cairn/memory'
import { storeContracts } from '@cairn/testing/contracts'
import { ClosableUnitOfWork } from './closable-unit-of-work.ts'

// An open ClosableUnitOfWork must be the unit of work it wraps, to every repository's contract.
storeContracts('closable over in-memory', async () => {
  let unitOfWork = new ClosableUnitOfWork(new InMemoryUnitOfWork())
  return {
    get unitOfWork() {
      return unitOfWork
    },
    async reset() {
      unitOfWork = new ClosableUnitOfWork(new InMemoryUnitOfWork())
    },
    async dispose() {},
  }
})
