import { tokenRepositoryContract } from './token-repository.contract.ts'
import { toolVersionRepositoryContract } from './tool-version-repository.contract.ts'
import { unitOfWorkContract } from './unit-of-work.contract.ts'
import { userRepositoryContract } from './user-repository.contract.ts'
import { workspaceRepositoryContract } from './workspace-repository.contract.ts'
import type { StoreHarness } from './store-harness.ts'

export type { StoreHarness, StoreUnderTest } from './store-harness.ts'

/** Every store contract, for an adapter that implements all the repositories. */
export function storeContracts(name: string, open: StoreHarness): void {
  unitOfWorkContract(name, open)
  userRepositoryContract(name, open)
  tokenRepositoryContract(name, open)
  toolVersionRepositoryContract(name, open)
  workspaceRepositoryContract(name, open)
}
