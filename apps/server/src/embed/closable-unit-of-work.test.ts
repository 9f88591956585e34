import { InMemoryUnitOfWork } from '@cairn/memory'
import { describe, expect, it } from 'vitest'
import { ClosableUnitOfWork } from './closable-unit-of-work.ts'

describe('the unit of work of a closed store', () => {
  it('works until closed, then refuses every kind of work without running it', async () => {
    const unitOfWork = new ClosableUnitOfWork(new InMemoryUnitOfWork())
    await expect(unitOfWork.read(async ({ users }) => users.findByUsername('nobody'))).resolves.toBeUndefined()
    unitOfWork.close()
    let ran = false
    const work = async () => {
      ran = true
    }
    const refused = { code: 'unavailable', message: 'this Cairn is closed' }
    await expect(unitOfWork.run(work)).rejects.toMatchObject(refused)
    await expect(unitOfWork.read(work)).rejects.toMatchObject(refused)
    await expect(unitOfWork.autocommit(work)).rejects.toMatchObject(refused)
    expect(ran).toBe(false)
  })
})
